package org.jdsm.comm.ucx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** One remote node: its two endpoints (bulk, express), control channel, receives in flight and state. */
final class UcxPeer {

    /** UP until the goodbye marker came on both lanes (DEPARTED), or it died or broke the protocol (FAILED). */
    enum State { UP, DEPARTED, FAILED }

    /** How far our goodbye to the peer has gone ({@link Farewells}). */
    enum Farewell { NONE, FLUSHING, CLOSING, FINISHED }

    /**
     * A receive whose data UCX still holds (not finished when it started, or queued behind one
     * that was not); delivery waits for it to keep FIFO order.
     */
    static final class Incoming {
        /** Stands for the peer's goodbye marker, which keeps its place in the lane's order. */
        static final Incoming FIN = new Incoming(0, 0, null, false, true);

        /** The native receive ({@link UcxWorker#copyOut}), or 0 for the goodbye marker. */
        final long receive;
        final int length;
        /** Where it goes on delivery, if chosen when it started (null: chosen then). */
        final byte[] into;
        /** Delivered in its native buffer ({@link UcxMesh#deliversDirect}). */
        final boolean direct;
        boolean done;
        int status;

        Incoming(long receive, int length, byte[] into, boolean direct, boolean done) {
            this.receive = receive;
            this.length = length;
            this.into = into;
            this.direct = direct;
            this.done = done;
        }
    }

    final int rank;
    final ControlChannel control;
    private final long bulkEndpoint;
    private final long expressEndpoint;
    private final ArrayDeque<Incoming> bulkInFlight = new ArrayDeque<>();
    private final ArrayDeque<Incoming> expressInFlight = new ArrayDeque<>();
    /** Written by the progress thread only; read by senders to drop messages early. */
    volatile State state = State.UP;
    /** The control channel ended: the peer has closed its endpoints (or died). */
    boolean controlEnded;
    /** Lanes whose goodbye marker has been delivered (in order). */
    int finLanes;
    Farewell farewell = Farewell.NONE;
    /** The flushes or closes of our endpoints to the peer still running. */
    final List<Long> operations = new ArrayList<>();

    UcxPeer(ControlChannel control, long bulkEndpoint, long expressEndpoint) {
        this.rank = control.peer;
        this.control = control;
        this.bulkEndpoint = bulkEndpoint;
        this.expressEndpoint = expressEndpoint;
    }

    /** Identifies an endpoint in UCX's failure reports. */
    static int cookie(int rank, boolean express) {
        return rank * 2 + (express ? 1 : 0);
    }

    long endpoint(boolean express) {
        return express ? expressEndpoint : bulkEndpoint;
    }

    ArrayDeque<Incoming> inFlight(boolean express) {
        return express ? expressInFlight : bulkInFlight;
    }

    boolean isUp() {
        return state == State.UP;
    }
}

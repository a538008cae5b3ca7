package org.jdsm.comm.netty;

import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** One remote node: its two lanes and whether it is still part of the job. */
final class Peer {

    final int rank;
    private final OutboundLane[] outbound = {new OutboundLane(), new OutboundLane()};
    private final Channel[] channels = new Channel[Lane.values().length];
    private final String[] dialErrors = new String[Lane.values().length];
    private final AtomicBoolean failed = new AtomicBoolean();
    private volatile boolean departed;

    Peer(int rank) {
        this.rank = rank;
    }

    /** Starts using an authenticated channel for {@code lane}; returns null, or why it is refused. */
    synchronized String attach(Lane lane, Channel ch) {
        if (failed.get() || departed) {
            return "node " + rank + " has already left the job";
        }
        if (channels[lane.ordinal()] != null) {
            return "duplicate connection: the " + lane + " to node " + rank + " is already up";
        }
        channels[lane.ordinal()] = ch;
        outbound[lane.ordinal()].attach(ch);
        return null;
    }

    synchronized boolean isUp(Lane lane) {
        return channels[lane.ordinal()] != null;
    }

    /** Remembers why the last attempt to dial {@code lane} failed, for the start-up timeout message. */
    synchronized void dialFailed(Lane lane, String error) {
        dialErrors[lane.ordinal()] = error;
    }

    /** Why the last dial of {@code lane} failed, or null. */
    synchronized String dialError(Lane lane) {
        return dialErrors[lane.ordinal()];
    }

    synchronized List<Channel> channels() {
        List<Channel> open = new ArrayList<>();
        for (Channel ch : channels) {
            if (ch != null) {
                open.add(ch);
            }
        }
        return open;
    }

    OutboundLane outbound(Lane lane) {
        return outbound[lane.ordinal()];
    }

    /** The peer said BYE: later sends to it are dropped, and its lanes closing is no failure. */
    void depart() {
        departed = true;
        discardOutbound();
    }

    boolean hasDeparted() {
        return departed;
    }

    /** Marks the peer failed; true only the first time, and never after an orderly departure. */
    boolean fail() {
        if (departed || !failed.compareAndSet(false, true)) {
            return false;
        }
        discardOutbound();
        channels().forEach(Channel::close);
        return true;
    }

    /** Orderly shutdown of both lanes: pending messages, then BYE, then half-close. */
    void finish() {
        for (OutboundLane lane : outbound) {
            lane.finish();
        }
    }

    private void discardOutbound() {
        for (OutboundLane lane : outbound) {
            lane.discard();
        }
    }
}

package org.jdsm.comm.ucx;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.jdsm.comm.ByteBuffers;
import org.jdsm.comm.Departure;
import org.jdsm.comm.MessageWriter;

/**
 * The node's one progress thread, the only thread that touches UCX after init: it sends what the
 * {@link Outbox} holds (express first), progresses the worker, receives through the {@link Inbox},
 * watches the {@link Controls}, and when idle either spins ({@code ucx.progress=poll}) or, after
 * {@code ucx.spinMicros}, sleeps on UCX's event fd until a message arrives or a sender signals.
 * Sends made on this thread itself (from Dispatcher callbacks) go straight to UCX when nothing of
 * their lane is queued ahead of them. Other threads touch only the shim's staging memory, which
 * they fill for large messages ({@link #sendWritten}) and hand over through the outbox.
 */
final class Progress implements UcxEvents {

    /** The clock is read every CLOCK_PASSES + 1 passes (a power of two minus one). */
    private static final int CLOCK_PASSES = 63;
    /** While spinning, the CPU is yielded every YIELD_PASSES + 1 idle passes (a power of two minus one). */
    private static final int YIELD_PASSES = 15;
    /** How often the control channels are checked while UCX keeps the thread busy. */
    private static final long CONTROL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** Sleeps are bounded so that control channels (which cannot wake the thread) are still read. */
    private static final int AWAIT_MILLIS = 50;
    private static final int LEAVING_AWAIT_MILLIS = 2;
    /** Bulk sends taken per pass, so receiving keeps its turn under a flood. */
    private static final int SENDS_PER_PASS = 256;
    private static final long JOIN_SLACK_MILLIS = 5_000;

    private final UcxWorker worker;
    private final UcxMesh mesh;
    private final Controls controls;
    private final UcxOptions options;
    private final Inbox inbox;
    private final Outbox outbox = new Outbox();
    private final ArrayDeque<EndpointFailure> failedEndpoints = new ArrayDeque<>();
    private final Thread thread;
    private volatile boolean sleeping;
    private volatile boolean stopRequested;
    /** Set once the worker is destroyed and the outbox drained: a sender that queues later drains it itself. */
    private volatile boolean ended;
    private volatile long stopDeadlineNanos;
    private volatile Departure departure;
    private final Farewells farewells;
    private boolean leaving;
    /** When the current idle spell began (0: busy), for the spin-then-sleep decision. */
    private long idleSince;

    Progress(UcxWorker worker, UcxMesh mesh, Controls controls, UcxOptions options, int maxFrameBytes) {
        this.worker = worker;
        this.mesh = mesh;
        this.controls = controls;
        this.options = options;
        this.inbox = new Inbox(worker, mesh, maxFrameBytes);
        this.farewells = new Farewells(worker, mesh, controls, options.peerErrorHandling());
        this.thread = new Thread(this::run, "jdsm-ucx-progress-n" + mesh.me);
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    boolean isProgressThread() {
        return Thread.currentThread() == thread;
    }

    /** Queues a message, or sends it at once on the progress thread; dropped once fin has begun. */
    void send(boolean express, int node, byte[] data) {
        if (stopRequested) {
            return;
        }
        if (sendsAtOnce(express, node)) {
            transmit(express, node, data, 0, data.length);
            return;
        }
        queue(express, node, data);
    }

    /**
     * Sends a copy of {@code buffer[offset, offset + length)} as a bulk message: on the progress
     * thread UCX's staging buffer takes the copy at once (no array in between); otherwise a copy is
     * queued.
     */
    void sendCopy(int node, byte[] buffer, int offset, int length) {
        if (stopRequested) {
            return;
        }
        if (sendsAtOnce(false, node)) {
            transmit(false, node, buffer, offset, length);
            return;
        }
        queue(false, node, Arrays.copyOfRange(buffer, offset, offset + length));
    }

    /** As {@link #sendCopy(int, byte[], int, int)} for {@code buffer}'s remaining bytes (its position stays). */
    void sendCopy(int node, ByteBuffer buffer) {
        if (stopRequested) {
            return;
        }
        if (sendsAtOnce(false, node)) {
            UcxPeer peer = upPeer(node);
            if (peer != null) {
                try {
                    worker.send(peer.endpoint(false), Tags.of(false, mesh.me, peer.control.sendKey), buffer);
                } catch (UcxException e) {
                    mesh.fail(peer, e);
                }
            }
            return;
        }
        queue(false, node, ByteBuffers.remainingCopy(buffer));
    }

    /**
     * Sends {@code message} to a peer as a bulk message that writes itself straight into UCX
     * staging memory, from any thread: one copy. On the progress thread it goes to UCX at once
     * when nothing of its lane is queued ahead; otherwise it is queued. A message that writes less
     * than its length is refused (IllegalStateException) and nothing of it is sent.
     */
    void sendWritten(int node, MessageWriter message) {
        if (stopRequested) {
            return;
        }
        UcxWorker.Staged staged = worker.stage(message.length());
        if (staged == null) {
            return; // the worker has closed: dropped, as any send after fin
        }
        try {
            MessageWriter.writeWhole(message, staged.memory());
        } catch (RuntimeException | Error e) {
            worker.unstage(staged.handle());
            throw e;
        }
        if (sendsAtOnce(false, node)) {
            transmitStaged(node, staged.handle());
            return;
        }
        outbox.addStaged(node, staged.handle());
        if (ended) {
            // This sender passed the stop check before fin and queued after the progress thread's
            // last drain: nobody else would free the staging memory.
            unstageQueued();
            return;
        }
        wakeIfSleeping();
    }

    /** True if a send to a peer made here can go to UCX at once, keeping its lane's order. */
    private boolean sendsAtOnce(boolean express, int node) {
        return node != mesh.me && isProgressThread() && outbox.isEmpty(express);
    }

    private void queue(boolean express, int node, byte[] data) {
        outbox.add(express, node, data);
        wakeIfSleeping();
    }

    /** Called after queueing: the progress thread sets the flag first, then checks the outbox. */
    private void wakeIfSleeping() {
        if (sleeping) {
            worker.signal();
        }
    }

    /** Runs fin on the progress thread and waits for it to end, with its UCX resources freed. */
    void stop(Departure departure) {
        long graceMillis = departure.graceMillis();
        this.departure = departure;
        stopDeadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        stopRequested = true;
        worker.signal();
        try {
            thread.join(graceMillis + JOIN_SLACK_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            UcxMesh.LOG.severe("node " + mesh.me + ": the UCX progress thread did not end (stuck in a dispatcher"
                    + " callback?); its UCX worker is not freed");
        }
    }

    private void run() {
        try {
            long nextControl = System.nanoTime();
            for (int pass = 1; ; pass++) {
                int work = transmitQueued() + inbox.poll(this) + endpointFailures() + inbox.deliverCompleted();
                if ((pass & CLOCK_PASSES) == 0 || stopRequested) { // the clock is read only now and then
                    long now = System.nanoTime();
                    if (now - nextControl >= 0 || stopRequested) {
                        work += controls.poll();
                        nextControl = now + CONTROL_NANOS;
                        if (stopRequested && !leaving) {
                            leave();
                        }
                        if (farewells.step()) {
                            inbox.discardAll(this);
                            return;
                        }
                    }
                }
                if (work > 0) {
                    idleSince = 0;
                } else {
                    idle(pass);
                }
            }
        } catch (Throwable t) {
            UcxMesh.LOG.log(Level.SEVERE, "node " + mesh.me + ": the UCX progress thread failed", t);
            mesh.peers().forEach(peer -> mesh.fail(peer, t));
        } finally {
            stopRequested = true; // later sends are dropped
            controls.close();
            int lost = worker.destroy();
            ended = true; // before the drain: a sender that queues after it sees the flag (see sendWritten)
            unstageQueued();
            if (lost > 0) {
                UcxMesh.LOG.info("node " + mesh.me + ": " + lost + " sends to failed peers were still in UCX at the"
                        + " end and are dropped (UCX cannot cancel them on transports without peer error handling)");
            }
        }
    }

    /** Starts fin: sends everything queued (the queue takes no more), then the farewells. */
    private void leave() {
        while (transmitQueued() > 0) {
            // ends: sends are refused once stop is requested
        }
        leaving = true;
        farewells.leave(stopDeadlineNanos, departure);
    }

    /** Spins, or in wait mode, once idle for {@code ucx.spinMicros}, sleeps until UCX or a sender wakes it. */
    private void idle(int pass) {
        if (options.poll()) {
            spin(pass);
            return;
        }
        if (idleSince == 0) {
            idleSince = System.nanoTime();
        }
        if ((pass & CLOCK_PASSES) != 0 || System.nanoTime() - idleSince < options.spinNanos()) {
            spin(pass);
            return;
        }
        sleeping = true; // then check the outbox: a sender adds first, then checks this flag
        try {
            if (outbox.isEmpty()) {
                worker.await(stopRequested ? LEAVING_AWAIT_MILLIS : AWAIT_MILLIS);
            }
        } finally {
            sleeping = false;
            idleSince = 0;
        }
    }

    /**
     * One idle pass of spinning. Now and then it yields the CPU: a peer's progress thread that
     * shares this core (more busy threads than cores) then answers within microseconds instead of
     * waiting for the scheduler to preempt this one (a whole tick, milliseconds).
     */
    private static void spin(int pass) {
        if ((pass & YIELD_PASSES) == 0) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }

    private int transmitQueued() {
        int n = 0;
        for (Outbox.Outgoing out = outbox.poll(true); out != null; out = outbox.poll(true)) {
            transmit(true, out.node(), out.data(), 0, out.data().length);
            n++;
        }
        for (Outbox.Outgoing out; n < SENDS_PER_PASS && (out = outbox.poll(false)) != null; n++) {
            if (out.data() == null) {
                transmitStaged(out.node(), out.staged());
            } else {
                transmit(false, out.node(), out.data(), 0, out.data().length);
            }
        }
        return n;
    }

    /**
     * At the end: frees the staging memory of bulk messages still queued (sent after fin began).
     * The progress thread and a late sender may both run it; each message is taken once.
     */
    private void unstageQueued() {
        for (Outbox.Outgoing out; (out = outbox.poll(false)) != null; ) {
            if (out.data() == null) {
                worker.unstage(out.staged());
            }
        }
    }

    /** Sends filled staging memory to a peer, or frees it if the peer is gone. */
    private void transmitStaged(int node, long staged) {
        UcxPeer peer = upPeer(node);
        if (peer == null) {
            worker.unstage(staged);
            return;
        }
        try {
            worker.sendStaged(peer.endpoint(false), Tags.of(false, mesh.me, peer.control.sendKey), staged);
        } catch (UcxException e) {
            mesh.fail(peer, e);
        }
    }

    /** Sends {@code data[offset, offset + length)}; to this node itself only whole arrays come (from the outbox). */
    private void transmit(boolean express, int node, byte[] data, int offset, int length) {
        if (node == mesh.me) {
            mesh.deliver(node, express, data);
            return;
        }
        UcxPeer peer = upPeer(node);
        if (peer == null) {
            return;
        }
        try {
            worker.send(peer.endpoint(express), Tags.of(express, mesh.me, peer.control.sendKey), data, offset, length);
        } catch (UcxException e) {
            mesh.fail(peer, e);
        }
    }

    /** The peer to send to, or null if it left or failed (the message is dropped). */
    private UcxPeer upPeer(int node) {
        UcxPeer peer = mesh.peer(node);
        return peer.isUp() ? peer : null;
    }

    /** An endpoint's error callback, kept until the native call that reported it has returned. */
    private record EndpointFailure(int cookie, int status) {
    }

    private int endpointFailures() {
        int n = failedEndpoints.size();
        for (EndpointFailure f = failedEndpoints.poll(); f != null; f = failedEndpoints.poll()) {
            UcxPeer peer = mesh.peer(f.cookie() / 2);
            mesh.fail(peer, new UcxException("the UCX " + (f.cookie() % 2 == 1 ? "express" : "bulk")
                    + " endpoint to node " + peer.rank + " failed: " + UcxNative.statusText(f.status())));
        }
        return n;
    }

    @Override
    public void receiveCompleted(long tag, long receive, int status) {
        inbox.completed(tag, receive, status);
    }

    @Override
    public void endpointFailed(int cookie, int status) {
        failedEndpoints.add(new EndpointFailure(cookie, status)); // no user code inside the native call
    }
}

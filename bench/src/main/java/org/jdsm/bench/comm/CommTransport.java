package org.jdsm.bench.comm;

import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jdsm.bench.harness.Budget;
import org.jdsm.comm.BufferDispatcher;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommException;
import org.jdsm.comm.DirectDispatcher;
import org.jdsm.comm.Dispatcher;

/**
 * Ping-pong over a JDSM {@link Comm} (node 0 here, node 1 echoes). Callback-driven: the reply's
 * {@link Dispatcher#received} callback records the round trip and sends the next ping itself, so
 * the numbers are the Comm's own, without a hand-off to another thread. The measuring thread only
 * starts a repetition and waits for its end. Replies need not outlive the callback, so they may
 * come in the Comm's reused buffer ({@link BufferDispatcher}) or its native memory
 * ({@link DirectDispatcher}), as Trans takes them.
 */
final class CommTransport implements Transport, DirectDispatcher {

    private static final long REPLY_SLACK_NANOS = 10_000_000_000L;

    private final String name;
    private final Comm comm;
    private final int peer;
    private final AutoCloseable echoSide;
    private volatile Run current;
    private volatile Throwable failure;

    /** Mutable state of one repetition, touched by the callback thread; published by the latch. */
    private static final class Run {
        final byte[] message;
        final Budget budget;
        final long[] rtts;
        final CountDownLatch done = new CountDownLatch(1);
        long start;
        long sentAt;
        int count;
        String error;

        Run(byte[] message, Budget budget, long[] rtts) {
            this.message = message;
            this.budget = budget;
            this.rtts = rtts;
        }
    }

    /**
     * @param comm     an uninitialized Comm for node 0; {@link #init} initializes it
     * @param echoSide what to close after the Comm (child JVM or local echo node)
     */
    CommTransport(String name, Comm comm, AutoCloseable echoSide) {
        this.name = name;
        this.comm = comm;
        this.peer = 1;
        this.echoSide = echoSide;
    }

    /** Joins the job as node 0 (blocks until connected to node 1). */
    void init(CommSetup setup) throws CommException {
        comm.init(setup.config(0), this);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int pingPong(byte[] message, Budget budget, long[] rtts) throws Exception {
        checkHealthy();
        Run run = new Run(message, budget, rtts);
        current = run;
        run.start = System.nanoTime();
        run.sentAt = run.start;
        comm.asend(peer, message);
        boolean finished = run.done.await(budget.maxNanos() + REPLY_SLACK_NANOS, TimeUnit.NANOSECONDS);
        current = null;
        if (!finished) {
            throw new IllegalStateException(name + ": no reply to a " + message.length
                    + "-byte message within " + (budget.maxNanos() + REPLY_SLACK_NANOS) / 1_000_000 + " ms");
        }
        checkHealthy();
        if (run.error != null) {
            throw new IllegalStateException(name + ": " + run.error);
        }
        return run.count;
    }

    @Override
    public void received(int fromNode, byte[] reply) {
        received(fromNode, reply, reply.length);
    }

    /** A reply in native memory the Comm lent (as Trans takes messages): only its length is looked at, as for arrays. */
    @Override
    public void received(int fromNode, ByteBuffer reply) {
        received(fromNode, null, reply.remaining());
    }

    @Override
    public void received(int fromNode, byte[] buffer, int length) {
        Run run = current;
        if (run == null) {
            return; // a stray reply after a failed repetition
        }
        long now = System.nanoTime();
        if (length != run.message.length) {
            run.error = "echo of " + run.message.length + " bytes came back with " + length;
            run.done.countDown();
            return;
        }
        run.rtts[run.count++] = now - run.sentAt;
        if (run.budget.more(run.count, run.start, now)) {
            run.sentAt = System.nanoTime();
            comm.asend(peer, run.message);
        } else {
            run.done.countDown();
        }
    }

    @Override
    public void expressReceived(int fromNode, byte[] message) {
        // not used by this benchmark
    }

    @Override
    public void peerFailed(int node, Throwable cause) {
        failure = cause == null ? new IllegalStateException("peer " + node + " failed") : cause;
        Run run = current;
        if (run != null) {
            run.done.countDown();
        }
    }

    private void checkHealthy() {
        Throwable f = failure;
        if (f != null) {
            throw new IllegalStateException(name + ": echo node failed: " + f, f);
        }
    }

    @Override
    public void close() {
        try {
            comm.fin();
        } catch (RuntimeException e) {
            System.err.println(name + ": fin failed: " + e);
        }
        try {
            echoSide.close();
        } catch (Exception e) {
            System.err.println(name + ": closing the echo side failed: " + e);
        }
    }
}

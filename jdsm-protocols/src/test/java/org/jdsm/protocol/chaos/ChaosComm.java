package org.jdsm.protocol.chaos;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.local.LocalComm;

/**
 * A {@link LocalComm} that delays every message by a random time (up to
 * {@code chaos.maxDelayMicros}, default 2000) while keeping the Comm contract: FIFO per pair and
 * lane. Messages between different pairs overtake each other in every possible way, which is
 * what a protocol's ordering assumptions must survive.
 */
public final class ChaosComm implements Comm {

    private final LocalComm inner = new LocalComm();
    private ScheduledExecutorService scheduler;
    private long maxDelayNanos;
    /** Per lane and destination: sends waiting for their delay, in send order. */
    private Queue<Runnable>[][] waiting;

    @Override
    public void init(CommConfig config, Dispatcher dispatcher) {
        maxDelayNanos = TimeUnit.MICROSECONDS.toNanos(Long.parseLong(config.option("chaos.maxDelayMicros", "2000")));
        waiting = newQueues(config.nodes());
        ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "chaos-n" + config.myNode());
            t.setDaemon(true);
            return t;
        });
        scheduler = s;
        inner.init(config, dispatcher);
    }

    @Override
    public void fin() {
        scheduler.shutdown();
        try {
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        inner.fin();
    }

    @Override
    public int myNode() {
        return inner.myNode();
    }

    @Override
    public int nodes() {
        return inner.nodes();
    }

    @Override
    public void asend(int node, byte[] message) {
        later(0, node, () -> inner.asend(node, message));
    }

    @Override
    public void expressSend(int node, byte[] message) {
        later(1, node, () -> inner.expressSend(node, message));
    }

    private void later(int lane, int node, Runnable send) {
        Queue<Runnable> queue = waiting[lane][node];
        queue.add(send);
        // Each timer sends the oldest waiting message of its pair, not its own: FIFO holds whatever the timing.
        scheduler.schedule(() -> queue.poll().run(),
                ThreadLocalRandom.current().nextLong(maxDelayNanos + 1), TimeUnit.NANOSECONDS);
    }

    @SuppressWarnings("unchecked")
    private static Queue<Runnable>[][] newQueues(int nodes) {
        Queue<Runnable>[][] q = new Queue[2][nodes];
        for (int lane = 0; lane < 2; lane++) {
            for (int n = 0; n < nodes; n++) {
                q[lane][n] = new ConcurrentLinkedQueue<>();
            }
        }
        return q;
    }
}

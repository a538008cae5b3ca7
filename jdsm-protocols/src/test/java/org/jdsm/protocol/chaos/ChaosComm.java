package org.jdsm.protocol.chaos;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.local.LocalComm;

/**
 * A {@link LocalComm} that delays every message by a random time while keeping the Comm contract:
 * FIFO per pair and lane. Each link has a latency that jumps now and then between fast and very
 * slow (up to {@code chaos.maxDelayMicros}, default 3000), so messages between different pairs
 * overtake each other in every possible way, which is what a protocol's ordering assumptions must
 * survive.
 */
public final class ChaosComm extends OnLocalComm {

    private ScheduledExecutorService scheduler;
    private long maxDelayNanos;
    /** Per lane and destination: sends waiting for their delay, in send order. */
    private Queue<Runnable>[][] waiting;
    /** Per lane and destination: the link's current typical delay. */
    private long[][] linkDelay;

    @Override
    public void init(CommConfig config, Dispatcher dispatcher) {
        maxDelayNanos = TimeUnit.MICROSECONDS.toNanos(Long.parseLong(config.option("chaos.maxDelayMicros", "3000")));
        waiting = newQueues(config.nodes());
        linkDelay = new long[2][config.nodes()];
        ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "chaos-n" + config.myNode());
            t.setDaemon(true);
            return t;
        });
        scheduler = s;
        super.init(config, dispatcher);
    }

    @Override
    public void fin() {
        scheduler.shutdown();
        try {
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        super.fin();
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
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long delay;
        synchronized (linkDelay) {
            if (linkDelay[lane][node] == 0 || random.nextInt(20) == 0) {
                // The link changes speed: fast, middling, or so slow that other links overtake it.
                linkDelay[lane][node] = maxDelayNanos / (1L << (2 * random.nextInt(4)));
            }
            delay = linkDelay[lane][node] / 2 + random.nextLong(linkDelay[lane][node] + 1);
        }
        Queue<Runnable> queue = waiting[lane][node];
        queue.add(send);
        // Each timer sends the oldest waiting message of its pair, not its own: FIFO holds whatever the timing.
        scheduler.schedule(() -> queue.poll().run(), delay, TimeUnit.NANOSECONDS);
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

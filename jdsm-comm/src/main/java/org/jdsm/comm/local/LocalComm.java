package org.jdsm.comm.local;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.MessageLimits;

/**
 * All nodes of a job inside one JVM. Nodes with the same {@link CommConfig#jobId()} find each
 * other through a {@link LocalHub}. Each node has one delivery thread for bulk and one for express
 * messages, so bulk is FIFO per pair and express never waits behind bulk.
 */
public final class LocalComm implements Comm {

    private CommConfig config;
    private LocalHub hub;
    private DeliveryLane bulk;
    private DeliveryLane express;

    @Override
    public void init(CommConfig config, Dispatcher dispatcher) {
        this.config = config;
        String name = "jdsm-local-" + config.jobId() + "-n" + config.myNode();
        this.bulk = new DeliveryLane(name + "-bulk", dispatcher::received);
        this.express = new DeliveryLane(name + "-express", dispatcher::expressReceived);
        this.hub = LocalHub.join(config, this);
    }

    @Override
    public void fin() {
        if (hub != null) {
            hub.leave(config.myNode());
            hub = null;
        }
        if (bulk != null) {
            bulk.stop();
            express.stop();
        }
    }

    @Override
    public int myNode() {
        return config.myNode();
    }

    @Override
    public int nodes() {
        return config.nodes();
    }

    @Override
    public void asend(int node, byte[] message) {
        MessageLimits.checkBulk(config, node, message);
        LocalComm peer = peer(node);
        if (peer != null) {
            peer.bulk.offer(config.myNode(), message);
        }
    }

    @Override
    public void expressSend(int node, byte[] message) {
        MessageLimits.checkExpress(node, message);
        LocalComm peer = peer(node);
        if (peer != null) {
            peer.express.offer(config.myNode(), message);
        }
    }

    private LocalComm peer(int node) {
        if (node < 0 || node >= config.nodes()) {
            throw new IllegalArgumentException("node " + node + " outside 0.." + (config.nodes() - 1));
        }
        LocalHub h = hub;
        return h == null ? null : h.member(node);
    }

    /** One receiving queue drained by one thread, in arrival order. */
    private static final class DeliveryLane implements Runnable {
        private record Item(int from, byte[] message) {
        }

        private interface Sink {
            void deliver(int from, byte[] message);
        }

        private static final Item STOP = new Item(-1, null);
        private final BlockingQueue<Item> queue = new LinkedBlockingQueue<>();
        private final Sink sink;
        private final Thread thread;

        DeliveryLane(String name, Sink sink) {
            this.sink = sink;
            this.thread = new Thread(this, name);
            thread.setDaemon(true);
            thread.start();
        }

        void offer(int from, byte[] message) {
            queue.add(new Item(from, message));
        }

        void stop() {
            queue.add(STOP);
            if (Thread.currentThread() != thread) {
                try {
                    thread.join(5_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void run() {
            try {
                for (Item item = queue.take(); item != STOP; item = queue.take()) {
                    sink.deliver(item.from(), item.message());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

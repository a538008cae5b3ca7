package org.jdsm.bench.dsm;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.jdsm.comm.Comm;
import org.jdsm.comm.Dispatcher;

/**
 * The DSM's barrier algorithm without the DSM: a dissemination barrier (round k: send to
 * {@code me + 2^k}, wait for {@code me - 2^k}; ceil(log2 N) rounds) straight over a {@link Comm}. The
 * calling thread waits on a monitor that the Comm's I/O thread notifies, so the only hand-off per
 * message is the one any blocking caller needs; there is no Trans worker, no Kryo and no write
 * notice. {@link BarrierLatency} uses it as the floor for N JVMs on this machine.
 */
final class RawBarrierNode implements Dispatcher {

    private final Map<Long, Integer> inbox = new HashMap<>();
    private final int rounds;
    private Comm comm;
    private int epoch;
    private volatile Throwable failure;

    RawBarrierNode(int nodes) {
        this.rounds = 32 - Integer.numberOfLeadingZeros(nodes - 1);
    }

    void attach(Comm c) {
        this.comm = c;
    }

    /** One barrier; fails if a round's message does not come within {@code timeoutMillis}. */
    void barrier(long timeoutMillis) throws InterruptedException {
        epoch++;
        int me = comm.myNode();
        int n = comm.nodes();
        for (int k = 0; k < rounds; k++) {
            comm.asend((me + (1 << k)) % n, ByteBuffer.allocate(8).putInt(epoch).putInt(k).array());
            long key = key(epoch, k);
            long deadline = System.currentTimeMillis() + timeoutMillis;
            synchronized (inbox) {
                while (!inbox.containsKey(key)) {
                    if (failure != null) {
                        throw new IllegalStateException("raw barrier: a peer failed: " + failure, failure);
                    }
                    long left = deadline - System.currentTimeMillis();
                    if (left <= 0) {
                        throw new IllegalStateException("raw barrier: node " + me + " got no round " + k
                                + " message of barrier " + epoch + " within " + timeoutMillis + " ms");
                    }
                    inbox.wait(left);
                }
                inbox.remove(key);
            }
        }
    }

    private static long key(int epoch, int round) {
        return ((long) epoch << 8) | round;
    }

    @Override
    public void received(int fromNode, byte[] message) {
        ByteBuffer b = ByteBuffer.wrap(message);
        long key = key(b.getInt(), b.getInt());
        synchronized (inbox) {
            inbox.merge(key, 1, Integer::sum);
            inbox.notifyAll();
        }
    }

    @Override
    public void expressReceived(int fromNode, byte[] message) {
        received(fromNode, message);
    }

    @Override
    public void peerFailed(int node, Throwable cause) {
        failure = cause == null ? new IllegalStateException("node " + node + " failed") : cause;
        synchronized (inbox) {
            inbox.notifyAll();
        }
    }
}

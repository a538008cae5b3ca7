package org.jdsm.bench.dsm;

import java.util.List;
import org.jdsm.Spmd;

/**
 * An SPMD job that a benchmark drives step by step. The parent JVM hosts node 0 (see
 * {@link DsmCluster}); its first thread takes commands from the parent and publishes each through the
 * DSM itself: it writes the command into a shared control array (home: node 0) and every thread of
 * every node passes a barrier and reads it with {@code update}. Then every thread runs
 * {@link #perform}; the first thread of each node writes its node's results into its own block of a
 * shared result array, and after a second barrier node 0 reads them all and answers the parent.
 * Control traffic therefore happens only between measurements, never inside one.
 *
 * <p>Subclasses must be public with a public no-argument constructor (the runtime instantiates them
 * by name on every node). The first job argument is the channel key; {@link #setUp} gets the rest.
 */
public abstract class DrivenSpmd extends Spmd {

    /** Length of a command; command[0] is the operation code. */
    static final int CTL = 8;
    /** Result values per node. */
    static final int RES = 32;
    /** Operation code that ends the job. */
    static final long STOP = -1;

    private long[] ctl;
    private double[] res;
    /** This node's counters. */
    protected NodeProbe probe;

    @Override
    public final void init() {
        ctl = pool.register(new long[CTL], CTL);
        res = pool.register(new double[nodes() * RES], RES);
        probe = new NodeProbe(pool);
        setUp(args().subList(1, args().size()));
    }

    /** Registers the job's shared objects (same order on every node); {@code args} are the job's own. */
    protected abstract void setUp(List<String> args);

    /**
     * Runs one command on every thread of this node. Returns this node's results (at most
     * {@link #RES} values) on local thread 0; the return value of other threads is ignored.
     */
    protected abstract double[] perform(long[] command, int localThread);

    /** The calling thread's index on this node, 0..threadsPerNode()-1. */
    protected final int localThread() {
        return myThread() - myNode() * threadsPerNode();
    }

    @Override
    public final void start() {
        int local = localThread();
        DsmCluster.Channel channel = myNode() == 0 && local == 0 ? DsmCluster.channel(args().get(0)) : null;
        long[] command = new long[CTL];
        while (true) {
            if (channel != null) {
                long[] next = channel.nextCommand();
                pool.acquire(ctl);
                System.arraycopy(next, 0, ctl, 0, CTL);
                pool.release(ctl);
            }
            barrier();
            pool.update(ctl);
            System.arraycopy(ctl, 0, command, 0, CTL);
            if (command[0] == STOP) {
                return;
            }
            double[] mine = perform(command, local);
            if (local == 0) {
                int from = myNode() * RES;
                pool.acquire(res, from, from + RES);
                java.util.Arrays.fill(res, from, from + RES, 0);
                if (mine != null) {
                    System.arraycopy(mine, 0, res, from, Math.min(RES, mine.length));
                }
                pool.release(res, from, from + RES);
            }
            barrier();
            if (channel != null) {
                pool.update(res);
                channel.reply(res.clone());
            }
        }
    }
}

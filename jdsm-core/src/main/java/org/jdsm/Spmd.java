package org.jdsm;

import java.util.List;
import org.jdsm.comm.Comm;
import org.jdsm.runtime.JobInfo;
import org.jdsm.runtime.SpmdThreads;

/**
 * An SPMD program (JDSM paper, Figure 5). Subclass it: register shared objects in {@link #init()},
 * write the parallel part in {@link #start()}, and clean up in {@link #fin()}.
 * {@code init()} and {@code fin()} run once per node; {@code start()} runs on
 * {@link #threadsPerNode()} threads on every node. Objects created in {@code start()} are private.
 *
 * <pre>{@code
 * public class VecMul extends Spmd {
 *   double[] a, b, c;
 *   public void init()  { a = pool.register(new double[n], n / nodes()); ... }
 *   public void start() { for (int i : myRange) { pool.update(b, i); pool.update(c, i);
 *                           pool.acquire(a, i); a[i] = b[i] * c[i]; pool.release(a, i); } }
 * }
 * }</pre>
 */
public abstract class Spmd {

    /** The node's shared object pool. */
    public SharedObjectPool pool;
    /** The node's communication module (for advanced use; DSM code does not need it). */
    public Comm comm;

    private JobInfo job;

    /** Once per node before {@link #start()}: allocate and register shared objects here. */
    public void init() {
    }

    /** The parallel part: runs on every thread of every node. */
    public abstract void start();

    /** Once per node after every thread of every node finished {@link #start()}. */
    public void fin() {
    }

    /** Called by the JDSM runtime before {@link #init()}; not for user code. */
    public final void bind(JobInfo job, SharedObjectPool pool, Comm comm) {
        if (this.job != null) {
            throw new IllegalStateException("this Spmd instance already runs as node " + this.job.myNode());
        }
        this.job = job;
        this.pool = pool;
        this.comm = comm;
    }

    /** This node's rank, 0-based. */
    public final int myNode() {
        return job.myNode();
    }

    /** Number of nodes in the job. */
    public final int nodes() {
        return job.nodes();
    }

    /** Threads running {@link #start()} on each node. */
    public final int threadsPerNode() {
        return job.threadsPerNode();
    }

    /** Threads in the whole job. */
    public final int threads() {
        return job.nodes() * job.threadsPerNode();
    }

    /** The calling thread's global id, 0..threads()-1; only inside {@link #start()}. */
    public final int myThread() {
        return SpmdThreads.current();
    }

    /** The job's command-line arguments. */
    public final List<String> args() {
        return job.args();
    }

    /** Job-wide barrier: every thread of every node must call it. */
    public final void barrier() {
        pool.barrier();
    }
}

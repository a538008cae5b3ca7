package org.jdsm;

import java.io.IOException;
import java.io.UncheckedIOException;
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

    /**
     * Reads a whole file from the machine the job was started from: under {@code jdsm submit} the
     * user's laptop (the request travels over the ssh stream; relative paths resolve against the
     * directory the user submitted from, and paths outside it are refused unless allowed), under
     * {@code jdsm run} this machine (relative to the working directory).
     *
     * @throws UncheckedIOException if the file cannot be read or is not allowed
     */
    public final byte[] readClientFile(String path) {
        try {
            return job.clientFiles().read(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read client file " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Creates or replaces a file on the machine the job was started from, with the same rules as
     * {@link #readClientFile}. The file appears whole or not at all.
     *
     * @throws UncheckedIOException if the file cannot be written or is not allowed
     */
    public final void writeClientFile(String path, byte[] data) {
        try {
            job.clientFiles().write(path, data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write client file " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Job-wide barrier: every thread of every node must call it, in {@code start()}. Not in
     * {@code fin()}, which runs once per node after every thread has returned from {@code start()},
     * nor in {@code init()} or on a thread the job started itself.
     */
    public final void barrier() {
        if (SpmdThreads.runsFin()) {
            // Else it failed saying that a thread 'has returned from start()', as if start() were wrong.
            throw new DsmException("barrier() called in fin(): fin() runs once per node after every thread of every"
                    + " node has returned from start(), so no barrier can meet there; end start() with barrier() to"
                    + " read other nodes' writes in fin()");
        }
        if (SpmdThreads.pool() == null) {
            // In init() it waited for ever for the node's start() threads, which do not exist yet.
            throw new DsmException("barrier() called outside start() (in init(), or on a thread the job started"
                    + " itself): only the threads running start() meet at a barrier; init() needs none, since start()"
                    + " begins once every node has finished init()");
        }
        pool.barrier();
    }
}

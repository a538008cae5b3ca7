package org.jdsm.runtime;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jdsm.DsmException;
import org.jdsm.JobAbortedException;
import org.jdsm.comm.CommConfig;

/**
 * Runs every node of a job inside this JVM, one {@link NodeRuntime} per node on its own thread,
 * over the {@code local} Comm module. For tests and single-process runs.
 */
public final class InJvmJob {

    private final String jobClass;
    private final ClassLoader loader;
    private int nodes = 2;
    private int threadsPerNode = 1;
    private String protocol = "lrc";
    private String comm = "local";
    private boolean stats;
    private List<String> args = List.of();
    private final List<NodeRuntime> runtimes = new ArrayList<>();

    private InJvmJob(String jobClass, ClassLoader loader) {
        this.jobClass = jobClass;
        this.loader = loader;
    }

    /** A job running {@code spmdClass}. */
    public static InJvmJob of(Class<?> spmdClass) {
        return new InJvmJob(spmdClass.getName(), spmdClass.getClassLoader());
    }

    /** A job running the class called {@code jobClass}, loaded through {@code loader}. */
    public static InJvmJob of(String jobClass, ClassLoader loader) {
        return new InJvmJob(jobClass, loader);
    }

    public InJvmJob nodes(int n) { nodes = n; return this; }
    public InJvmJob threadsPerNode(int t) { threadsPerNode = t; return this; }
    public InJvmJob protocol(String p) { protocol = p; return this; }
    /** Comm module; {@code local} by default. Others (e.g. {@code netty} on loopback) work too. */
    public InJvmJob comm(String c) { comm = c; return this; }
    public InJvmJob stats(boolean s) { stats = s; return this; }
    public InJvmJob args(List<String> a) { args = List.copyOf(a); return this; }

    /** Runs the job; returns when every node is done, throwing the first node failure. */
    public void run() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String jobId = "injvm-" + UUID.randomUUID();
        runtimes.clear();
        List<Thread> threads = new ArrayList<>();
        AtomicReferenceArray<Throwable> errors = new AtomicReferenceArray<>(nodes);
        InMemoryRendezvous rendezvous = new InMemoryRendezvous(nodes);
        for (int n = 0; n < nodes; n++) {
            CommConfig cc = CommConfig.builder().jobId(jobId).myNode(n).nodes(nodes).secret(secret)
                    .rendezvous(rendezvous).connectTimeout(Duration.ofSeconds(30)).build();
            NodeConfig nc = new NodeConfig(comm, cc, protocol, threadsPerNode, jobClass, loader, args, stats);
            int rank = n;
            NodeRuntime runtime = new NodeRuntime(nc);
            runtimes.add(runtime);
            Thread t = new Thread(() -> {
                try {
                    runtime.run();
                } catch (Throwable e) {
                    errors.set(rank, e);
                }
            }, "jdsm-node-" + n);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DsmException("interrupted while waiting for the job", e);
            }
        }
        // Prefer a node that failed first-hand over nodes that merely report the abort.
        Throwable first = null;
        for (int n = 0; n < nodes; n++) {
            Throwable e = errors.get(n);
            if (e != null && (first == null || first instanceof JobAbortedException && !(e instanceof JobAbortedException))) {
                first = e;
            }
        }
        if (first instanceof RuntimeException r) {
            throw r;
        }
        if (first != null) {
            throw new DsmException("job failed: " + first, first);
        }
    }

    /** The counters node {@code node} ended the last {@link #run} with (for tests). */
    public DsmStats nodeStats(int node) {
        if (node < 0 || node >= runtimes.size()) {
            throw new IllegalArgumentException("no node " + node + " in the last run (" + runtimes.size() + " nodes)");
        }
        return runtimes.get(node).stats();
    }
}

package org.jdsm.bench.dsm;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jdsm.bench.harness.ChildJvm;
import org.jdsm.bench.harness.FreePorts;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Rendezvous;
import org.jdsm.runtime.NodeConfig;
import org.jdsm.runtime.NodeRuntime;

/**
 * A running DSM job of {@code nodes} nodes driven by a benchmark: node 0 runs in this JVM (on its own
 * thread, through {@link NodeRuntime}), nodes 1..N-1 run in child JVMs ({@link DsmNodeMain}, started
 * with the harness's {@link ChildJvm}) connected by a networked Comm ({@code netty}, or {@code ucx}
 * with the transports its {@code ucx.config.TLS} option names) through listeners on fixed free
 * loopback ports ({@link Rendezvous#fixed}); the job secret travels in the environment. With comm {@code local} the
 * job must have one node. {@link #call} runs one command of the {@link DrivenSpmd} on every node and
 * returns each node's results; a failed node or a job that stops answering fails the call loudly
 * (with node 0's thread stacks on stderr for a hang).
 */
final class DsmCluster implements AutoCloseable {

    static final String SECRET_ENV = "JDSM_BENCH_DSM_SECRET";
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);

    /** What to run. */
    record Spec(Class<? extends DrivenSpmd> job, int nodes, int threadsPerNode, String protocol, String comm,
                List<String> jobArgs, Map<String, String> commOptions, long lifetimeSeconds) {
        Spec {
            jobArgs = List.copyOf(jobArgs);
            commOptions = Map.copyOf(commOptions);
            if (comm.equals("local") && nodes != 1) {
                throw new IllegalArgumentException("comm local runs one node here; use netty or ucx for " + nodes);
            }
        }

        String label() {
            return job.getSimpleName() + "/" + protocol + "/" + nodes + "n";
        }
    }

    /** Parent <-> node 0 hand-off of commands and results. */
    static final class Channel {
        private final BlockingQueue<long[]> commands = new LinkedBlockingQueue<>();
        private final BlockingQueue<double[]> replies = new LinkedBlockingQueue<>();

        long[] nextCommand() {
            try {
                return commands.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a command", e);
            }
        }

        void reply(double[] results) {
            replies.add(results);
        }
    }

    private static final Map<String, Channel> CHANNELS = new ConcurrentHashMap<>();

    static Channel channel(String key) {
        Channel c = CHANNELS.get(key);
        if (c == null) {
            throw new IllegalStateException("no benchmark channel '" + key + "' in this JVM (node 0 must run in the parent)");
        }
        return c;
    }

    private final Spec spec;
    private final String key;
    private final Channel channel = new Channel();
    private final List<ChildJvm> children = new ArrayList<>();
    private final Thread node0;
    private volatile Throwable failure;
    private volatile boolean finished;

    private DsmCluster(Spec spec) throws Exception {
        this.spec = spec;
        byte[] secret = new byte[32];
        SecureRandom random = new SecureRandom();
        random.nextBytes(secret);
        this.key = "bench-" + spec.job().getSimpleName() + "-" + Long.toHexString(random.nextLong());
        CHANNELS.put(key, channel);
        List<String> jobArgs = new ArrayList<>();
        jobArgs.add(key);
        jobArgs.addAll(spec.jobArgs());
        int[] ports = spec.comm().equals("local") ? new int[spec.nodes()] : FreePorts.pick(spec.nodes());
        try {
            for (int n = 1; n < spec.nodes(); n++) {
                List<String> args = new ArrayList<>(List.of(Long.toString(spec.lifetimeSeconds()), spec.job().getName(),
                        spec.protocol(), Integer.toString(spec.threadsPerNode()), key, Integer.toString(n),
                        join(ports), spec.comm()));
                spec.commOptions().forEach((k, v) -> args.add(k + "=" + v));
                args.add("--");
                args.addAll(jobArgs);
                children.add(ChildJvm.start("node" + n, DsmNodeMain.class, args,
                        Map.of(SECRET_ENV, HexFormat.of().formatHex(secret))));
            }
        } catch (Exception | Error e) {
            children.forEach(ChildJvm::close);
            CHANNELS.remove(key);
            throw e;
        }
        NodeConfig config = nodeConfig(spec.job().getName(), spec.protocol(), spec.threadsPerNode(), key, 0,
                ports, spec.comm(), spec.commOptions(), secret, jobArgs);
        node0 = new Thread(() -> {
            try {
                new NodeRuntime(config).run();
            } catch (Throwable t) {
                failure = t;
            } finally {
                finished = true;
            }
        }, "bench-dsm-node0");
        node0.setDaemon(true);
        node0.start();
    }

    /** Starts the job; returns once node 0 runs (the first {@link #call} waits for the mesh). */
    static DsmCluster start(Spec spec) throws Exception {
        return new DsmCluster(spec);
    }

    /** The configuration of node {@code myNode}, the same way in parent and child. */
    static NodeConfig nodeConfig(String jobClass, String protocol, int threads, String jobId, int myNode, int[] ports,
                                 String comm, Map<String, String> options, byte[] secret, List<String> jobArgs) {
        return new NodeConfig(comm, commConfig(jobId, myNode, ports, comm, options, secret), protocol, threads, jobClass,
                DsmCluster.class.getClassLoader(), jobArgs, false);
    }

    /**
     * Comm configuration of node {@code myNode}: loopback; for a networked comm, its listener on a
     * fixed port (option {@code COMM.port} of NettyComm and UcxComm) found via {@link Rendezvous#fixed}.
     */
    static CommConfig commConfig(String jobId, int myNode, int[] ports, String comm, Map<String, String> options,
                                 byte[] secret) {
        List<NodeAddress> addresses = new ArrayList<>();
        for (int p : ports) {
            addresses.add(new NodeAddress("127.0.0.1", p));
        }
        CommConfig.Builder cc = CommConfig.builder().jobId(jobId).myNode(myNode).nodes(ports.length).secret(secret)
                .bindHost("127.0.0.1").connectTimeout(CONNECT_TIMEOUT).options(options);
        if (!comm.equals("local")) {
            cc.rendezvous(Rendezvous.fixed(addresses)).option(comm + ".port", Integer.toString(ports[myNode]));
        }
        return cc.build();
    }

    static String join(int[] ports) {
        StringBuilder sb = new StringBuilder();
        for (int p : ports) {
            sb.append(sb.length() == 0 ? "" : ",").append(p);
        }
        return sb.toString();
    }

    Spec spec() {
        return spec;
    }

    /**
     * Runs {@code command} (operation code first, at most {@link DrivenSpmd#CTL} values) on every
     * node and returns the results of node 0..N-1. Fails if a node fails or no answer comes within
     * {@code timeout}.
     */
    synchronized double[][] call(Duration timeout, long... command) {
        if (command.length > DrivenSpmd.CTL) {
            throw new IllegalArgumentException("command too long: " + command.length);
        }
        checkRunning();
        channel.commands.add(java.util.Arrays.copyOf(command, DrivenSpmd.CTL));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            double[] all;
            try {
                all = channel.replies.poll(50, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
            if (all != null) {
                double[][] out = new double[spec.nodes()][];
                for (int n = 0; n < out.length; n++) {
                    out[n] = java.util.Arrays.copyOfRange(all, n * DrivenSpmd.RES, (n + 1) * DrivenSpmd.RES);
                }
                return out;
            }
            checkRunning();
            if (System.nanoTime() > deadline) {
                dumpNode0();
                throw new IllegalStateException(spec.label() + ": no answer to command "
                        + java.util.Arrays.toString(command) + " within " + timeout.toSeconds()
                        + " s: the DSM job hangs (node 0's threads are on stderr)");
            }
        }
    }

    private void checkRunning() {
        if (finished) {
            Throwable f = failure;
            throw new IllegalStateException(spec.label() + ": the DSM job ended"
                    + (f == null ? " unexpectedly" : ": " + f), f);
        }
    }

    /** Prints the stacks of this JVM's DSM threads (node 0) to stderr. */
    private void dumpNode0() {
        System.err.println("---- thread stacks of " + spec.label() + " node 0 (parent JVM) ----");
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (t.getName().startsWith("jdsm") || t.getName().startsWith("bench-dsm")) {
                System.err.println("\"" + t.getName() + "\" " + t.getState());
                for (StackTraceElement e : stack) {
                    System.err.println("    at " + e);
                }
            }
        });
    }

    /** Stops the job (a STOP command), waits for node 0 to finish, then ends the children. */
    @Override
    public void close() {
        try {
            if (!finished) {
                channel.commands.add(java.util.Arrays.copyOf(new long[] {DrivenSpmd.STOP}, DrivenSpmd.CTL));
                node0.join(30_000);
                if (!finished) {
                    System.err.println(spec.label() + ": node 0 did not finish within 30 s of STOP");
                } else if (failure != null) {
                    System.err.println(spec.label() + ": the job failed while stopping: " + failure);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            for (int i = children.size() - 1; i >= 0; i--) {
                children.get(i).close();
            }
            CHANNELS.remove(key);
        }
    }
}

package org.jdsm.bench.comm;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.ChildJvm;
import org.jdsm.bench.harness.FreePorts;
import org.jdsm.bench.report.Report;
import org.jdsm.comm.Comm;
import org.jdsm.comm.Comms;

/**
 * Opens the transports a run compares and closes them all (children killed) at the end. A Comm
 * module that is not on the class path is skipped with a line in the report.
 */
public final class Transports implements AutoCloseable {

    static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final List<Transport> open = new ArrayList<>();
    private final long childLifetimeSeconds;
    private final Map<String, String> commOptions;

    public Transports(long childLifetimeSeconds, Map<String, String> commOptions) {
        this.childLifetimeSeconds = childLifetimeSeconds;
        this.commOptions = commOptions;
    }

    /** Opens transport {@code name} (socket, or a Comm module name); false if skipped. */
    public boolean open(String name, Report report) throws Exception {
        Transport t;
        if (name.equals("socket")) {
            t = SocketTransport.open(START_TIMEOUT, childLifetimeSeconds);
        } else if (!Comms.available().contains(name)) {
            report.println("SKIP " + name + ": no Comm module named '" + name + "' on the class path (available: "
                    + Comms.available() + "); rebuild with it and re-run");
            return false;
        } else if (name.equals("local")) {
            t = openLocal();
        } else {
            t = openRemote(name, name, Map.of());
        }
        open.add(t);
        return true;
    }

    public List<Transport> list() {
        return List.copyOf(open);
    }

    /**
     * Opens Comm module {@code comm} as series {@code series}, with {@code options} added to the
     * run's Comm options (e.g. one module over two transports).
     */
    public void openComm(String series, String comm, Map<String, String> options) throws Exception {
        open.add(openRemote(series, comm, options));
    }

    /** Adds a transport opened elsewhere, to be measured and closed with the others. */
    public void add(Transport t) {
        open.add(t);
    }

    /** Comm across two JVMs: node 1 echoes in a child JVM, node 0 measures here. */
    private Transport openRemote(String series, String comm, Map<String, String> options) throws Exception {
        Map<String, String> merged = new LinkedHashMap<>(commOptions);
        merged.putAll(options);
        CommSetup setup = newSetup(series, FreePorts.pick(2), merged);
        List<String> args = new ArrayList<>(List.of("comm", comm, Long.toString(childLifetimeSeconds)));
        args.addAll(setup.toArgs());
        ChildJvm child = ChildJvm.start(series + "-child", PingPongChild.class, args, setup.toEnv());
        CommTransport t = new CommTransport(series, Comms.create(comm), child);
        try {
            t.init(setup);
            child.awaitLine("READY", START_TIMEOUT);
            return t;
        } catch (Exception | Error e) {
            t.close();
            throw e;
        }
    }

    /** Two nodes in this JVM: the in-process floor. */
    private Transport openLocal() throws Exception {
        CommSetup setup = newSetup("local", new int[] {0, 0}, commOptions);
        Comm echoNode = Comms.create("local");
        Thread joiner = new Thread(() -> echoNode.init(setup.config(1), new CommEcho(echoNode, () -> { })),
                "local-echo-init");
        joiner.setDaemon(true);
        joiner.start();
        CommTransport t = new CommTransport("local", Comms.create("local"), echoNode::fin);
        try {
            t.init(setup);
            joiner.join(START_TIMEOUT.toMillis());
            return t;
        } catch (Exception | Error e) {
            t.close();
            throw e;
        }
    }

    private CommSetup newSetup(String name, int[] ports, Map<String, String> options) {
        byte[] secret = new byte[32];
        SecureRandom random = new SecureRandom();
        random.nextBytes(secret);
        String job = "bench-pingpong-" + name + "-" + Long.toHexString(random.nextLong());
        return new CommSetup(job, secret, ports, options);
    }

    /** Closes every transport (children killed). */
    @Override
    public void close() {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        open.clear();
    }
}

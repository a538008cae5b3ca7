package org.jdsm.bench.apps;

import java.util.ArrayList;
import java.util.List;

/** The configurations every application runs in, side by side. */
enum Setup {
    PLAIN_1("plain-1t", "plain Java, 1 thread, one JVM (the sequential baseline)", Kind.PLAIN, 0, 1, null),
    PLAIN_2("plain-2t", "plain Java, 2 threads, one JVM (hardware shared memory: the ceiling)", Kind.PLAIN, 0, 2, null),
    JDSM_1N("jdsm-1n", "JDSM 1 node x 1 thread, its own JVM, LocalComm, lrc", Kind.JDSM, 1, 1, "lrc"),
    LRC_2N("lrc-2n", "JDSM 2 nodes x 1 thread, two JVMs, NettyComm on 127.0.0.1, lrc", Kind.JDSM, 2, 1, "lrc"),
    SC_2N("sc-2n", "JDSM 2 nodes x 1 thread, two JVMs, NettyComm on 127.0.0.1, sc", Kind.JDSM, 2, 1, "sc"),
    HZ_2N("hz-2n", "Hazelcast " + HzMain.VERSION + " embedded, 2 members x 1 thread in two JVMs (TCP 127.0.0.1), the"
            + " sample's kernel: IMap rows or queue, CP FencedLock, CP latches as barriers (SOR and Pi only)",
            Kind.HAZELCAST, 2, 1, null);

    /** What runs the job. */
    enum Kind { PLAIN, JDSM, HAZELCAST }

    /** Series name in tables and CSV. */
    final String label;
    final String what;
    final Kind kind;
    /** Nodes or members (0: plain Java in one JVM). */
    final int nodes;
    /** Threads (plain) or threads per node (DSM). */
    final int threads;
    /** DSM protocol, null otherwise. */
    final String protocol;

    Setup(String label, String what, Kind kind, int nodes, int threads, String protocol) {
        this.label = label;
        this.what = what;
        this.kind = kind;
        this.nodes = nodes;
        this.threads = threads;
        this.protocol = protocol;
    }

    boolean plain() {
        return kind == Kind.PLAIN;
    }

    /** Processors the configuration computes on (threads x nodes). */
    int workers() {
        return plain() ? threads : threads * nodes;
    }

    /** The comm module: netty between node JVMs, local for one node. */
    String comm() {
        return nodes > 1 ? "netty" : "local";
    }

    /** Whether {@code app} can run in this configuration (Hazelcast versions exist for SOR and Pi only). */
    boolean supports(AppSpec app) {
        return kind != Kind.HAZELCAST || app.hazelcast();
    }

    static Setup byLabel(String label) {
        for (Setup s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        List<String> known = new ArrayList<>();
        for (Setup s : values()) {
            known.add(s.label);
        }
        throw new IllegalArgumentException("unknown configuration '" + label + "'; known: " + known);
    }
}

package org.jdsm.launch;

import java.util.List;

/**
 * The comm of a {@code jdsm run} that names none: UCX over shared memory where UCX can run on this
 * machine, else netty. All node JVMs of {@code jdsm run} share one machine, and there UCX's shared
 * memory hands a DSM message over several times faster than loopback TCP (DsmPingPong, see
 * jdsm-comm/UCX.md). The transports are set for the node JVMs whatever UCX_TLS the environment
 * holds: a cluster's module may set it to a network transport (e.g. {@code rc}) that one machine's
 * node JVMs cannot use. A user who wants UCX_TLS honoured asks for {@code --comm ucx}.
 *
 * @param comm    the comm module to run
 * @param jvmArgs options for every node JVM that go with it
 * @param note    the one line that says netty was chosen instead and why; null if UCX was
 */
record DefaultComm(String comm, List<String> jvmArgs, String note) {

    static final String UCX = "ucx";
    static final String FALLBACK = "netty";
    /** UCX's name for its shared-memory transports (POSIX, SysV, CMA, and KNEM or XPMEM where present). */
    static final String SHARED_MEMORY = "sm";
    /** The UcxComm option (as a node JVM system property) that sets UCX's transports, over UCX_TLS. */
    static final String TRANSPORTS_PROPERTY = "-Djdsm.ucx.config.TLS=";

    /**
     * The choice for this machine.
     *
     * @param ucxUnavailable why UCX cannot run here, or null if it can
     */
    static DefaultComm choose(String ucxUnavailable) {
        if (ucxUnavailable != null) {
            return new DefaultComm(FALLBACK, List.of(), "jdsm: running over --comm " + FALLBACK + " (TCP): "
                    + firstSentence(ucxUnavailable) + " (--comm ucx says what to install; --comm netty skips this line)");
        }
        // The property overrides the environment's UCX_TLS (UcxOptions), which node JVMs inherit.
        return new DefaultComm(UCX, List.of(TRANSPORTS_PROPERTY + SHARED_MEMORY), null);
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }
}

package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jdsm.comm.Comms;
import org.junit.jupiter.params.provider.Arguments;

/**
 * A comm module, and for UCX the transports it may use, as a user picks them for {@code jdsm run}:
 * {@code --comm NAME} plus environment variables (UCX_TLS) that every node JVM inherits.
 *
 * @param label what test names show
 * @param comm  the {@code --comm} value
 * @param env   environment variables for the launcher and so for its node JVMs
 */
record CommChoice(String label, String comm, Map<String, String> env) {

    static final CommChoice NETTY = new CommChoice("netty", "netty", Map.of());
    /** UCX's TCP on the loopback device only (else UCX also uses, and may connect through, the machine's other interfaces). */
    static final CommChoice UCX_TCP = new CommChoice("ucx-tcp", "ucx", Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo"));
    static final CommChoice UCX_SHARED_MEMORY = new CommChoice("ucx-shm", "ucx", Map.of("UCX_TLS", "posix,sysv,cma"));
    static final List<CommChoice> NETWORKED = List.of(NETTY, UCX_TCP, UCX_SHARED_MEMORY);

    /** Where the UCX headers are, the Maven build compiles and packages the shim (profile ucx-shim). */
    private static final Path UCX_HEADER = Path.of("/usr/include/ucp/api/ucp.h");

    /**
     * Skips the test, saying why, where this comm cannot run because UCX or the shim is absent.
     * Where the UCX headers are installed (as in CI) the build packaged the shim, so a shim that
     * does not load fails the test instead of skipping it.
     */
    void assumeUsable() {
        String reason = Comms.unavailableReason(comm);
        if (reason != null) {
            assertFalse(Files.exists(UCX_HEADER), UCX_HEADER + " exists, so the build packaged the UCX shim, but: "
                    + reason);
            assumeTrue(false, "skipped: " + reason);
        }
    }

    /** Arguments (comm, protocol, job) for a parameterized test: every job under lrc and sc over every networked comm. */
    static Stream<Arguments> everyNetworkedRun(List<List<String>> jobs) {
        return NETWORKED.stream().flatMap(comm -> Stream.of("lrc", "sc")
                .flatMap(protocol -> jobs.stream().map(job -> Arguments.of(comm, protocol, job))));
    }

    /** {@code jdsm run} arguments: {@code --comm NAME} then {@code args}. */
    List<String> runArgs(List<String> args) {
        List<String> all = new ArrayList<>(List.of("--comm", comm));
        all.addAll(args);
        return all;
    }

    @Override
    public String toString() {
        return label;
    }
}

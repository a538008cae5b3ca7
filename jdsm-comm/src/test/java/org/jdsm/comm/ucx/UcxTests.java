package org.jdsm.comm.ucx;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;

/** Shared bits of the UCX tests: the skip rule and the transports they run on. */
final class UcxTests {

    /** UCX's TCP transport only. */
    static final String TCP = "tcp";
    /** UCX's shared-memory transports only (POSIX and SysV segments, CMA for large messages). */
    static final String SHARED_MEMORY = "posix,sysv,cma";

    private UcxTests() {
    }

    /** Skips the test, saying why, where the shim or libucp cannot be loaded. */
    static void assumeUcx() {
        assumeTrue(UcxLibrary.isAvailable(), () -> "skipped: " + UcxLibrary.unavailableReason());
    }

    /** Skips the test where UCX is missing, else starts a contract-test mesh of UcxComms over {@code transports}. */
    static TestMesh mesh(int nodes, int maxFrameBytes, String transports, Supplier<RecordingDispatcher> recorders)
            throws Exception {
        assumeUcx();
        return TestMesh.start(nodes, UcxComm::new, true, rank -> over(transports).maxFrameBytes(maxFrameBytes), recorders);
    }

    /**
     * The UCX settings (names as in UCX_NAME) of a test over {@code transports}, the value of
     * UCX_TLS. Network transports use the loopback device only: UCX's TCP would otherwise also
     * listen on, and may connect through, this machine's other interfaces, and tests reach nothing
     * but loopback.
     */
    static Map<String, String> settings(String transports) {
        return Map.of("TLS", transports, "NET_DEVICES", "lo");
    }

    /** {@link #settings} as the environment variables of a node JVM. */
    static Map<String, String> environment(String transports) {
        Map<String, String> env = new LinkedHashMap<>();
        settings(transports).forEach((name, value) -> env.put("UCX_" + name, value));
        return env;
    }

    /** A config builder for UCX with the {@link #settings} of {@code transports}. */
    static CommConfig.Builder over(String transports) {
        Map<String, String> options = new LinkedHashMap<>();
        settings(transports).forEach((name, value) -> options.put(UcxOptions.CONFIG_PREFIX + name, value));
        return CommConfig.builder().options(options);
    }
}

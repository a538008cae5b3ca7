package org.jdsm.comm.ucx;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

    /** A config builder for UCX over {@code transports} (the value of UCX_TLS). */
    static CommConfig.Builder over(String transports) {
        return CommConfig.builder().options(Map.of(UcxOptions.CONFIG_PREFIX + "TLS", transports));
    }
}

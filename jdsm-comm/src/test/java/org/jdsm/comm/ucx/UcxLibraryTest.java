package org.jdsm.comm.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.testing.JvmProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Loading the shim: one clear message where it cannot load, and a JVM that keeps its signal handlers where it can. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UcxLibraryTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void missingShimGivesOneMessageSayingWhatToDo() throws Exception {
        try (JvmProcess child = JvmProcess.start("no-shim", UcxProbeMain.class,
                List.of("-D" + UcxLibrary.PATH_PROPERTY + "=/nonexistent/libjdsmucx.so"), List.of("create"), Map.of())) {
            String line = child.awaitLine("REFUSED ", WAIT);
            assertTrue(line.contains("UcxComm is unavailable"), line);
            assertTrue(line.contains("/nonexistent/libjdsmucx.so"), line);
            assertTrue(line.contains(UcxLibrary.BUILD_COMMAND), line);
            assertTrue(line.contains("--comm netty"), line);
            assertEquals(0, child.awaitExit(WAIT));
        }
    }

    @Test
    void missingLibucpIsToldApart() {
        String message = UcxLibrary.explain(new UnsatisfiedLinkError(
                "/tmp/libjdsmucx123.so: libucp.so.0: cannot open shared object file: No such file or directory"));
        assertTrue(message.contains("UCX is not installed"), message);
        assertTrue(message.contains("apt-get install libucx0"), message);
        assertTrue(message.contains("--comm netty"), message);
        String stale = UcxLibrary.explain(new UnsatisfiedLinkError("/x/libjdsmucx.so: undefined symbol: ucp_foo"));
        assertTrue(stale.contains("built against another UCX") && stale.contains(UcxLibrary.BUILD_COMMAND), stale);
    }

    @Test
    void jvmKeepsItsSignalHandlersOnceUcxIsLoaded() throws Exception {
        UcxTests.assumeUcx();
        try (JvmProcess child = JvmProcess.start("npe-storm", UcxProbeMain.class, List.of(), List.of("npe"), Map.of())) {
            assertEquals("SURVIVED 4883", child.awaitLine("SURVIVED", WAIT), child.output());
            assertEquals(0, child.awaitExit(WAIT), child.output());
        }
    }
}

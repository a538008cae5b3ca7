package org.jdsm.comm.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.rendezvous.TcpRendezvousServer;
import org.jdsm.comm.testing.JvmProcess;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * UcxComm between separate JVMs on this machine, each running {@link UcxNodeMain}, over UCX's TCP
 * transport and over its shared-memory transports, chosen as on a real job: UCX_TLS in the
 * environment of every node.
 */
class UcxMultiJvmTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @BeforeEach
    void needsUcx() {
        UcxTests.assumeUcx();
    }

    @ParameterizedTest
    @ValueSource(strings = {UcxTests.TCP, UcxTests.SHARED_MEMORY})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fourJvmsAllToAllFifoThenCleanFin(String transports) throws Exception {
        List<JvmProcess> nodes = startJob("all-to-all", 4, transports);
        try {
            for (JvmProcess node : nodes) {
                node.awaitLine("RECEIVED", WAIT);
            }
            for (JvmProcess node : nodes) {
                assertEquals("FAILURES []", node.awaitLine("FAILURES", WAIT), node.name() + ": an orderly fin is no failure");
                assertCleanExit(node);
            }
        } finally {
            JvmProcess.closeAll(nodes);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {UcxTests.TCP, UcxTests.SHARED_MEMORY})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void expressOvertakesBulkStreamAnd64MiBArrivesIntact(String transports) throws Exception {
        List<JvmProcess> nodes = startJob("stream", 2, transports);
        try {
            String express = nodes.get(0).awaitLine("EXPRESS", WAIT);
            Matcher after = Pattern.compile("EXPRESS overtake after=(\\d+) of (\\d+)").matcher(express);
            assertTrue(after.matches(), express);
            assertTrue(Integer.parseInt(after.group(1)) < UcxNodeMain.STREAM_FRAMES,
                    "express waited for the whole bulk stream: " + express);

            String sent = nodes.get(1).awaitLine("SENT crc=", WAIT);
            String received = nodes.get(0).awaitLine("BIG ", WAIT);
            assertEquals("BIG bytes=" + UcxNodeMain.BIG_BYTES + " " + sent.substring("SENT ".length())
                    + " frames=" + (UcxNodeMain.STREAM_FRAMES + 1), received);
            for (JvmProcess node : nodes) {
                assertEquals("FAILURES []", node.awaitLine("FAILURES", WAIT));
                assertCleanExit(node);
            }
        } finally {
            JvmProcess.closeAll(nodes);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {UcxTests.TCP, UcxTests.SHARED_MEMORY})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void deadNodeIsReportedOnceAndSurvivorsCarryOn(String transports) throws Exception {
        List<JvmProcess> nodes = startJob("crash", 3, transports);
        try {
            nodes.get(UcxNodeMain.VICTIM).awaitLine("HALT", WAIT);
            for (int rank = 0; rank < nodes.size(); rank++) {
                if (rank != UcxNodeMain.VICTIM) {
                    JvmProcess node = nodes.get(rank);
                    node.awaitLine("SURVIVED", WAIT);
                    assertEquals("FAILURES [peerFailed(" + UcxNodeMain.VICTIM + ")]", node.awaitLine("FAILURES", WAIT),
                            node.name() + ": the dead node is reported exactly once");
                    assertCleanExit(node);
                }
            }
        } finally {
            JvmProcess.closeAll(nodes);
        }
    }

    /** Starts a rendezvous server here and one JVM per node with UCX_TLS set; all are killed if starting fails. */
    private static List<JvmProcess> startJob(String scenario, int count, String transports) throws Exception {
        String job = scenario + "-" + System.nanoTime();
        List<JvmProcess> nodes = new ArrayList<>();
        try (TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", count, job, TestMesh.SECRET, WAIT)) {
            Map<String, String> env = Map.of("JDSM_TEST_SECRET", HexFormat.of().formatHex(TestMesh.SECRET),
                    "UCX_TLS", transports);
            for (int rank = 0; rank < count; rank++) {
                nodes.add(JvmProcess.start("node" + rank + "-" + transports, UcxNodeMain.class, List.of("-Xmx768m"),
                        List.of(scenario, server.address().toString(), Integer.toString(rank), Integer.toString(count), job),
                        env));
            }
            server.await();
            for (JvmProcess node : nodes) {
                node.awaitLine("READY", WAIT);
            }
            return nodes;
        } catch (Exception | Error e) {
            JvmProcess.closeAll(nodes);
            throw e;
        }
    }

    private static void assertCleanExit(JvmProcess node) throws InterruptedException {
        String clean = node.awaitLine("CLEAN", WAIT);
        assertEquals(0, node.awaitExit(Duration.ofSeconds(30)), node.name() + " exit code; output:\n" + node.output());
        assertTrue(clean.endsWith("threads=[]"), clean);
    }
}

package org.jdsm.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdsm.comm.rendezvous.TcpRendezvousServer;
import org.jdsm.comm.testing.JvmProcess;

/**
 * The test side of the multi-JVM Comm tests: starts one JVM per node running a
 * {@link CommScenarios} main class, checks what the nodes report, and kills every node at the end.
 *
 * @param nodeMain the node JVMs' main class (it picks the Comm)
 * @param label    what node names carry, e.g. the transport
 * @param env      extra environment of every node (e.g. UCX_TLS)
 */
public record MultiJvmJob(Class<?> nodeMain, String label, Map<String, String> env) {

    private static final Duration WAIT = Duration.ofSeconds(60);

    /** Four nodes send to every node; each receives every peer's messages in order, then fins cleanly. */
    public void allToAllIsFifoThenFinIsClean() throws Exception {
        List<JvmProcess> nodes = start("all-to-all", 4);
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

    /** An express message overtakes a stream of 4 MiB bulk frames, and a 64 MiB message arrives intact. */
    public void expressOvertakesBulkAndBigMessageArrivesIntact() throws Exception {
        List<JvmProcess> nodes = start("stream", 2);
        try {
            String express = nodes.get(0).awaitLine("EXPRESS", WAIT);
            Matcher after = Pattern.compile("EXPRESS overtake after=(\\d+) of (\\d+)").matcher(express);
            assertTrue(after.matches(), express);
            assertTrue(Integer.parseInt(after.group(1)) < CommScenarios.STREAM_FRAMES,
                    "express waited for the whole bulk stream: " + express);

            String sent = nodes.get(1).awaitLine("SENT crc=", WAIT);
            String received = nodes.get(0).awaitLine("BIG ", WAIT);
            assertEquals("BIG bytes=" + CommScenarios.BIG_BYTES + " " + sent.substring("SENT ".length())
                    + " frames=" + (CommScenarios.STREAM_FRAMES + 1), received);
            for (JvmProcess node : nodes) {
                assertEquals("FAILURES []", node.awaitLine("FAILURES", WAIT));
                assertCleanExit(node);
            }
        } finally {
            JvmProcess.closeAll(nodes);
        }
    }

    /** Of three nodes one halts; the survivors hear of it exactly once, carry on, and fin cleanly. */
    public void deadNodeIsReportedOnceAndSurvivorsCarryOn() throws Exception {
        survivorsCarryOnAfter("crash");
    }

    /**
     * As {@link #deadNodeIsReportedOnceAndSurvivorsCarryOn}, with sends to the node in flight as it
     * dies; returns each survivor's whole output, for checks of what the Comm printed.
     */
    public List<String> nodeDyingMidStreamIsReportedOnceAndSurvivorsCarryOn() throws Exception {
        return survivorsCarryOnAfter("crash-mid-stream");
    }

    private List<String> survivorsCarryOnAfter(String scenario) throws Exception {
        List<JvmProcess> nodes = start(scenario, 3);
        List<String> outputs = new ArrayList<>();
        try {
            nodes.get(CommScenarios.VICTIM).awaitLine("HALT", WAIT);
            for (int rank = 0; rank < nodes.size(); rank++) {
                if (rank != CommScenarios.VICTIM) {
                    JvmProcess node = nodes.get(rank);
                    node.awaitLine("SURVIVED", WAIT);
                    assertEquals("FAILURES [peerFailed(" + CommScenarios.VICTIM + ")]", node.awaitLine("FAILURES", WAIT),
                            node.name() + ": the dead node is reported exactly once");
                    assertCleanExit(node);
                    outputs.add(node.output());
                }
            }
            return outputs;
        } finally {
            JvmProcess.closeAll(nodes);
        }
    }

    /** Starts a rendezvous server here and one JVM per node; all are killed if starting fails. */
    private List<JvmProcess> start(String scenario, int count) throws Exception {
        String job = scenario + "-" + System.nanoTime();
        List<JvmProcess> nodes = new ArrayList<>();
        try (TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", count, job, TestMesh.SECRET, WAIT)) {
            Map<String, String> nodeEnv = new HashMap<>(env);
            nodeEnv.put("JDSM_TEST_SECRET", HexFormat.of().formatHex(TestMesh.SECRET));
            for (int rank = 0; rank < count; rank++) {
                nodes.add(JvmProcess.start("node" + rank + "-" + label, nodeMain, List.of("-Xmx768m"),
                        List.of(scenario, server.address().toString(), Integer.toString(rank), Integer.toString(count), job),
                        nodeEnv));
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

package org.jdsm.comm.ucx;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.TimeUnit;
import org.jdsm.comm.MultiJvmJob;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * UcxComm between separate JVMs on this machine, each running {@link UcxNodeMain}, over UCX's TCP
 * transport and over its shared-memory transports, chosen as on a real job: UCX_TLS in the
 * environment of every node.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UcxMultiJvmTest {

    @BeforeEach
    void needsUcx() {
        UcxTests.assumeUcx();
    }

    @ParameterizedTest
    @ValueSource(strings = {UcxTests.TCP, UcxTests.SHARED_MEMORY})
    void fourJvmsAllToAllFifoThenCleanFin(String transports) throws Exception {
        over(transports).allToAllIsFifoThenFinIsClean();
    }

    @ParameterizedTest
    @ValueSource(strings = {UcxTests.TCP, UcxTests.SHARED_MEMORY})
    void expressOvertakesBulkStreamAnd64MiBArrivesIntact(String transports) throws Exception {
        over(transports).expressOvertakesBulkAndBigMessageArrivesIntact();
    }

    @ParameterizedTest
    @ValueSource(strings = {UcxTests.TCP, UcxTests.SHARED_MEMORY})
    void deadNodeIsReportedOnceAndSurvivorsCarryOn(String transports) throws Exception {
        over(transports).deadNodeIsReportedOnceAndSurvivorsCarryOn();
    }

    @ParameterizedTest
    @ValueSource(strings = {UcxTests.TCP, UcxTests.SHARED_MEMORY})
    void nodeDyingMidStreamIsReportedOnceAndSurvivorsCarryOn(String transports) throws Exception {
        for (String output : over(transports).nodeDyingMidStreamIsReportedOnceAndSurvivorsCarryOn()) {
            // Without peer error handling UCX keeps the dead peer's sends and warns of each at fin.
            assertFalse(output.contains("UCX  WARN"), () -> "UCX's own warnings reached the node's output:\n" + output);
        }
    }

    private static MultiJvmJob over(String transports) {
        return new MultiJvmJob(UcxNodeMain.class, transports, UcxTests.environment(transports));
    }
}

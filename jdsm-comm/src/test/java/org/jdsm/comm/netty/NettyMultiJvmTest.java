package org.jdsm.comm.netty;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.MultiJvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** NettyComm between separate JVMs on loopback, each running {@link NettyNodeMain}. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NettyMultiJvmTest {

    private static final MultiJvmJob JOB = new MultiJvmJob(NettyNodeMain.class, "netty", Map.of());

    @Test
    void fourJvmsAllToAllFifoThenCleanFin() throws Exception {
        JOB.allToAllIsFifoThenFinIsClean();
    }

    @Test
    void expressOvertakesBulkStreamAnd64MiBArrivesIntact() throws Exception {
        JOB.expressOvertakesBulkAndBigMessageArrivesIntact();
    }

    @Test
    void deadNodeIsReportedOnceAndSurvivorsCarryOn() throws Exception {
        JOB.deadNodeIsReportedOnceAndSurvivorsCarryOn();
    }

    @Test
    void nodeDyingMidStreamIsReportedOnceAndSurvivorsCarryOn() throws Exception {
        JOB.nodeDyingMidStreamIsReportedOnceAndSurvivorsCarryOn();
    }
}

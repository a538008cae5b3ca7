package org.jdsm.comm.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jdsm.comm.testing.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ThrottledLogTest {

    private static final String LOGGER = ThrottledLogTest.class.getName();

    @Test
    void warningsOverTheLimitAreCountedAndTheCountIsLoggedAtClose() {
        try (LogCapture log = new LogCapture(LOGGER)) {
            try (ThrottledLog throttled = new ThrottledLog(Logger.getLogger(LOGGER), 2, 60_000)) {
                for (int i = 1; i <= 1000; i++) {
                    throttled.warning("refused " + i);
                }
            }
            assertEquals(List.of("WARNING refused 1", "WARNING refused 2",
                    "WARNING 998 more such warnings were logged at level FINE only (at most 2 warnings every 60000 ms)"), log.messages());
        }
    }

    @Test
    void warningsOverTheLimitGoToLevelFine() {
        try (LogCapture log = new LogCapture(LOGGER, Level.FINE);
                ThrottledLog throttled = new ThrottledLog(Logger.getLogger(LOGGER), 1, 60_000)) {
            throttled.warning("first");
            throttled.warning("second");
            assertEquals(List.of("WARNING first", "FINE second"), log.messages());
        }
    }

    @Test
    void aNewPeriodLogsAgainAfterTheCountOfThoseNotLogged() throws Exception {
        try (LogCapture log = new LogCapture(LOGGER);
                ThrottledLog throttled = new ThrottledLog(Logger.getLogger(LOGGER), 1, 100)) {
            throttled.warning("first");
            throttled.warning("second");
            throttled.warning("third");
            Thread.sleep(150);
            throttled.warning("fourth");
            assertEquals(List.of("WARNING first",
                    "WARNING 2 more such warnings were logged at level FINE only (at most 1 warnings every 100 ms)", "WARNING fourth"),
                    log.messages());
        }
    }
}

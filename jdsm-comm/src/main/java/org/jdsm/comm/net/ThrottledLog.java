package org.jdsm.comm.net;

import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Logs warnings at most {@code lines} in each period, for warnings that anyone who can reach a port
 * may cause, such as one per refused connection: a flood of connections must not fill the log. The
 * warnings over the limit go to level FINE only (where one who needs them all can turn them on) and
 * are counted; their number is logged as a warning with the next warning let through or at
 * {@link #close}.
 */
public final class ThrottledLog implements AutoCloseable {

    /** Lines a listener logs about refused connections in each {@link #REFUSAL_PERIOD_MILLIS}. */
    public static final int REFUSAL_LINES = 20;
    /** The period of {@link #REFUSAL_LINES}. */
    public static final long REFUSAL_PERIOD_MILLIS = 10_000;

    private static final int HELD_BACK = -1;

    private final Logger logger;
    private final int lines;
    private final long periodMillis;
    private long periodStart = System.nanoTime();
    private int logged;
    private int heldBack;

    /** At most {@code lines} warnings to {@code logger} every {@code periodMillis}. */
    public ThrottledLog(Logger logger, int lines, long periodMillis) {
        if (lines < 1) {
            throw new IllegalArgumentException("lines must be at least 1, got " + lines);
        }
        this.logger = logger;
        this.lines = lines;
        this.periodMillis = periodMillis;
    }

    /** The log of a listener's refused connections: {@link #REFUSAL_LINES} every {@link #REFUSAL_PERIOD_MILLIS}. */
    public static ThrottledLog forRefusals(Logger logger) {
        return new ThrottledLog(logger, REFUSAL_LINES, REFUSAL_PERIOD_MILLIS);
    }

    /** Logs {@code message} as a warning, or at level FINE and counted if this period's lines are used up. */
    public void warning(String message) {
        int heldBackBefore = letThrough();
        if (heldBackBefore == HELD_BACK) {
            logger.fine(message);
            return;
        }
        logHeldBack(heldBackBefore);
        logger.warning(message);
    }

    /** How many warnings were held back since the last one let through, or HELD_BACK for this one. */
    private synchronized int letThrough() {
        long now = System.nanoTime();
        if (now - periodStart >= TimeUnit.MILLISECONDS.toNanos(periodMillis)) {
            periodStart = now;
            logged = 0;
        }
        if (logged == lines) {
            heldBack++;
            return HELD_BACK;
        }
        logged++;
        return takeHeldBack();
    }

    /** Logs the number of warnings that went to level FINE only since the last one that was let through. */
    @Override
    public void close() {
        logHeldBack(takeHeldBack());
    }

    private synchronized int takeHeldBack() {
        int count = heldBack;
        heldBack = 0;
        return count;
    }

    private void logHeldBack(int count) {
        if (count > 0) {
            logger.warning(count + " more such warnings were logged at level FINE only (at most " + lines
                    + " warnings every " + periodMillis + " ms)");
        }
    }
}

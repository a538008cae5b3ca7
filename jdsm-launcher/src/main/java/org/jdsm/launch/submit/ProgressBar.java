package org.jdsm.launch.submit;

import java.io.PrintStream;
import java.util.function.LongConsumer;

/**
 * A one-line progress bar on stderr, redrawn in place ({@code \r}) at most once per percent at a
 * terminal; elsewhere (a log file, a test) a line when it starts and one when it is done.
 */
final class ProgressBar implements LongConsumer {

    private static final int WIDTH = 30;

    private final String label;
    private final long total;
    private final PrintStream err;
    private final boolean terminal;
    private int shown = -1;

    ProgressBar(String label, long total, PrintStream err) {
        this.label = label;
        this.total = Math.max(1, total);
        this.err = err;
        this.terminal = System.console() != null;
    }

    @Override
    public void accept(long done) {
        int percent = (int) Math.min(100, done * 100 / total);
        if (percent == shown || !terminal && shown >= 0 && percent < 100) {
            return;
        }
        shown = percent;
        int filled = percent * WIDTH / 100;
        err.print((terminal ? "\r" : "") + label + " [" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + percent + "% of "
                + total / 1024 + " KiB");
        if (percent == 100 || !terminal) {
            err.println();
        }
        err.flush();
    }
}

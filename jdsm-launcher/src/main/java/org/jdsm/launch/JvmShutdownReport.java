package org.jdsm.launch;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a node JVM reports when it starts to shut down while its node runs the job (the job called
 * {@code System.exit}, or a signal), and how launchers recognize that report: such a node is the
 * cause of the job's failure even when it is stopped or killed afterwards, e.g. held up by a slow
 * shutdown hook of the job. Without it the first bystander it stopped was blamed.
 */
final class JvmShutdownReport {

    private static final Pattern WORDS = Pattern.compile("node \\d+( called System\\.exit at .+|'s JVM got a signal to stop)");

    private JvmShutdownReport() {
    }

    /**
     * The report of node {@code rank}; {@code exitCall} is where the job called {@code System.exit}
     * ({@link InJvmExitReport#exitCall}), empty for a signal.
     */
    static String describe(int rank, Optional<String> exitCall) {
        return exitCall.map(call -> "node " + rank + " called System.exit " + call)
                .orElse("node " + rank + "'s JVM got a signal to stop");
    }

    /** Whether {@code report} (a node's report without {@link NodeMain#REPORT_PREFIX}) is one of these. */
    static boolean matches(String report) {
        return WORDS.matcher(report).matches();
    }
}

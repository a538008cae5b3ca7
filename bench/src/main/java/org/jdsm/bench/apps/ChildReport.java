package org.jdsm.bench.apps;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.DoubleSupplier;
import org.jdsm.bench.harness.ChildSide;

/**
 * The child-JVM side of one application run ({@link PlainMain}, {@link NodeMain}): watches this
 * JVM's stdout for the sample's {@code <Name> PASS: ...} line and the runtime's
 * {@code JDSM statistics JSON [...]} line (passing everything through), then reports the run in
 * three lines that always come, in this order, so the parent can await them one after another:
 * <pre>
 * APP-PASS  &lt;the PASS line, or -&gt;
 * APP-STATS &lt;the statistics JSON, or -&gt;
 * APP-CPU   process=..,worker=..,trans=..,netty=..,hz=..,main=..,other=..,gc=..,jit=..  (ms, {@link CpuProfile})
 * APP-END   OK &lt;checksum&gt;   |   APP-END FAILED &lt;reason&gt;
 * </pre>
 * Afterwards the child stays alive until the parent closes its stdin (so the parent can read the
 * child's CPU time for the noise line), bounded by a lifetime. A run still going after its time
 * limit dumps its threads to stderr and reports {@code FAILED} (a hang is a finding, not a wait).
 */
final class ChildReport {

    static final String PASS = "APP-PASS";
    static final String STATS = "APP-STATS";
    static final String CPU = "APP-CPU";
    static final String END = "APP-END";
    static final String STATS_PREFIX = "JDSM statistics JSON ";

    private final String sample;
    private final PrintStream out;
    private final CpuProfile cpu = new CpuProfile();
    private volatile String passLine;
    private volatile String statsJson;
    private volatile boolean reported;

    /**
     * Installs the stdout watch for sample {@code sample} (its validation name, e.g. "SOR") and a
     * time limit of {@code limitSeconds}; the JVM exits when the parent closes stdin.
     */
    ChildReport(String sample, long limitSeconds) {
        this.sample = sample;
        this.out = System.out;
        ChildSide.exitWithParent(limitSeconds + 120);
        System.setOut(new PrintStream(new LineWatch(out), true, StandardCharsets.UTF_8));
        Thread limit = new Thread(() -> {
            try {
                Thread.sleep(limitSeconds * 1000);
            } catch (InterruptedException e) {
                return;
            }
            dumpThreads();
            failed("no result within the run's limit of " + limitSeconds + " s (a hang? threads dumped on stderr)");
        }, "app-run-limit");
        limit.setDaemon(true);
        limit.start();
    }

    /** Reports success with the sample's checksum, then waits for the parent. */
    void succeeded(double checksum) {
        if (passLine == null) {
            finish(END + " FAILED the run ended without a '" + sample + " PASS' line");
        } else {
            finish(END + " OK " + checksum);
        }
    }

    /**
     * Reports the end of node {@code rank} of a multi-node run: node 0 carries the run's checksum,
     * the other nodes ended normally with no result of their own.
     */
    void nodeEnded(int rank, DoubleSupplier checksum) {
        if (rank == 0) {
            succeeded(checksum.getAsDouble());
        } else {
            finish(END + " OK NaN");
        }
    }

    /** Reports a failure (first report wins), then waits for the parent. */
    void failed(String reason) {
        finish(END + " FAILED " + reason.replace('\n', ' '));
    }

    private synchronized void finish(String endLine) {
        if (reported) {
            return;
        }
        reported = true;
        System.out.flush();
        out.println(PASS + " " + (passLine == null ? "-" : passLine));
        out.println(STATS + " " + (statsJson == null ? "-" : statsJson));
        out.println(CPU + " " + cpu.summary());
        out.println(endLine);
        out.flush();
    }

    /** Blocks until the parent closes stdin (ChildSide halts the JVM then). */
    static void awaitParent() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void dumpThreads() {
        StringBuilder sb = new StringBuilder("---- thread stacks of the " + sample + " run (time limit) ----\n");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            sb.append('"').append(e.getKey().getName()).append("\" ").append(e.getKey().getState()).append('\n');
            for (StackTraceElement el : e.getValue()) {
                sb.append("    at ").append(el).append('\n');
            }
        }
        System.err.print(sb);
    }

    private void line(String line) {
        if (line.startsWith(sample + " PASS")) {
            passLine = line;
        } else if (line.startsWith(STATS_PREFIX)) {
            statsJson = line.substring(STATS_PREFIX.length()).trim();
        }
    }

    /** Passes bytes through to the real stdout and hands every complete line to {@link #line}. */
    private final class LineWatch extends OutputStream {
        private final PrintStream target;
        private final ByteArrayOutputStream current = new ByteArrayOutputStream();

        LineWatch(PrintStream target) {
            this.target = target;
        }

        @Override
        public synchronized void write(int b) {
            target.write(b);
            if (b == '\n') {
                line(current.toString(StandardCharsets.UTF_8).stripTrailing());
                current.reset();
            } else {
                current.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        @Override
        public void flush() {
            target.flush();
        }
    }
}

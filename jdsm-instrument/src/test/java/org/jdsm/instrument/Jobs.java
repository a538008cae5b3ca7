package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jdsm.runtime.InJvmJob;

/** Runs test programs as in-JVM jobs, instrumented (loaded through the rewriter) or as compiled. */
final class Jobs {

    static final String PROGRAMS = "org.jdsm.instrument.programs.";

    private Jobs() {
    }

    /** A class loader that instruments the test programs and nothing else. */
    static ClassLoader instrumenting() {
        return new InstrumentingClassLoader(Jobs.class.getClassLoader(), name -> name.startsWith(PROGRAMS));
    }

    /** The job that runs {@code program} (a simple name in the programs package) through the rewriter, over the local Comm unless changed. */
    static InJvmJob instrumented(String program, String protocol, int nodes, int threads, String... args) {
        return InJvmJob.of(PROGRAMS + program, instrumenting()).protocol(protocol).nodes(nodes)
                .threadsPerNode(threads).args(List.of(args));
    }

    /** Runs {@code program} (a simple name in the programs package) through the rewriter. */
    static void runInstrumented(String program, String protocol, int nodes, int threads, String... args) {
        instrumented(program, protocol, nodes, threads, args).run();
    }

    /** Runs {@code program} as {@link #runInstrumented} does; each of its threads must have reported "ok" ({@link Results}). */
    static void runInstrumentedToOk(String program, String protocol, int nodes, int threads, String... args) {
        runInstrumented(program, protocol, nodes, threads, args);
        assertAllOk(program, nodes * threads);
    }

    /** Each of {@code program}'s {@code threads} threads (all nodes) must have reported "ok" ({@link Results}). */
    static void assertAllOk(String program, int threads) {
        for (int t = 0; t < threads; t++) {
            assertEquals("ok", Results.take(program + t), program + " thread " + t);
        }
    }

    /** What {@code job} wrote to {@code System.err} (the nodes' warnings). */
    static String stderrOf(Runnable job) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            job.run();
        } finally {
            System.setErr(stderr);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    /** Runs {@code program} as compiled (for explicit-API programs). */
    static void runPlain(String program, String protocol, int nodes, int threads, String... args) {
        InJvmJob.of(PROGRAMS + program, Jobs.class.getClassLoader()).protocol(protocol).nodes(nodes)
                .threadsPerNode(threads).args(List.of(args)).run();
    }
}

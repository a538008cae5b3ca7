package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;

/** Runs suite jobs in this JVM over LocalComm. */
public final class Jobs {

    private Jobs() {
    }

    /** Runs {@code job}; returns normally only if every node succeeded (the job checks itself). */
    public static void run(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        InJvmJob.of(job).protocol(protocol).nodes(shape.nodes()).threadsPerNode(shape.threadsPerNode())
                .args(List.of(args)).run();
    }

    /** Runs {@code job}, which must fail; returns the failure's message. */
    public static String failure(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> run(job, protocol, shape, args),
                job.getSimpleName() + " should have failed under " + protocol + " at " + shape);
        return String.valueOf(e.getMessage());
    }
}

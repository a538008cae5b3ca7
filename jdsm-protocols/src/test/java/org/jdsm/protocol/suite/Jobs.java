package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;

/** Runs suite jobs in this JVM, over LocalComm unless {@link Suite#comm()} says otherwise. */
public final class Jobs {

    private Jobs() {
    }

    /**
     * Runs {@code job}, which checks itself; returns normally only if every node succeeded.
     * A failure says which job, protocol, shape and arguments, so it can be reproduced.
     */
    public static void run(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        try {
            launch(job, protocol, shape, args);
        } catch (RuntimeException e) {
            throw new AssertionError(describe(job, protocol, shape, args) + " failed: " + e.getMessage(), e);
        }
    }

    /** Runs {@code job}, which must fail; returns the failure's message. */
    public static String failure(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> launch(job, protocol, shape, args),
                () -> describe(job, protocol, shape, args) + " should have failed");
        return String.valueOf(e.getMessage());
    }

    private static void launch(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        InJvmJob.of(job).protocol(protocol).comm(Suite.comm()).nodes(shape.nodes()).threadsPerNode(shape.threadsPerNode())
                .args(List.of(args)).run();
    }

    private static String describe(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        return job.getSimpleName() + " under " + protocol + " at " + shape + (args.length == 0 ? "" : " " + List.of(args));
    }
}

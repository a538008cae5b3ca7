package org.jdsm.protocol.suite;

import java.util.function.Supplier;

/**
 * Checks made by a job on itself. A failed check throws {@link ConsistencyViolation}, which fails
 * the job on every node; its message names the thread and what was expected.
 */
public final class Check {

    private Check() {
    }

    /** Fails unless {@code actual == expected}. */
    public static void equal(long expected, long actual, Supplier<String> what) {
        if (actual != expected) {
            throw new ConsistencyViolation(what.get() + ": expected " + expected + ", saw " + actual);
        }
    }

    /** Fails unless {@code ok}. */
    public static void that(boolean ok, Supplier<String> what) {
        if (!ok) {
            throw new ConsistencyViolation(what.get());
        }
    }

    /** What a job throws when the DSM broke its contract. */
    public static final class ConsistencyViolation extends AssertionError {
        private static final long serialVersionUID = 1L;

        /** Prefix of every violation message, so a test can tell a violation from any other failure. */
        public static final String PREFIX = "consistency violation";

        ConsistencyViolation(String message) {
            super(PREFIX + " on " + Thread.currentThread().getName() + ": " + message);
        }
    }
}

package org.jdsm.content;

import java.util.ConcurrentModificationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.wire.WireFormat;

/**
 * Copies of shared values that other threads may be changing in place meanwhile. Under LRC a home's
 * threads write the master copy while the node's message handlers copy it for other nodes, and
 * writers of different fields of one object (or elements of one block) work side by side, so a copy
 * for a fetch's reply, a lock grant or a diff can meet a container in the middle of a change: Kryo
 * then fails with a {@link ConcurrentModificationException}, or a racing read of the container's
 * insides fails otherwise. What such a copy holds of the value being changed does not matter (no
 * data-race-free reader of the copy looks at it, and its writer publishes it later), only that the
 * copy completes: so it is tried again once the change has moved on.
 */
public final class LiveCopies {

    /** How long a copy keeps failing with ConcurrentModificationException before the failure stands: a change that long is no race. */
    private static final long CHANGING_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** Tries for any other failure, which a racing read can cause too but a broken value causes every time. */
    private static final int OTHER_TRIES = 20;

    private LiveCopies() {
    }

    /** A deep copy of {@code value} through {@code wire}, tried again while other threads change it. */
    public static <T> T copy(WireFormat wire, T value) {
        long deadline = 0;
        for (int attempt = 1; ; attempt++) {
            try {
                return wire.copy(value);
            } catch (RuntimeException e) {
                if (changing(e)) {
                    if (deadline == 0) {
                        deadline = System.nanoTime() + CHANGING_NANOS;
                    } else if (System.nanoTime() - deadline > 0) {
                        throw e;
                    }
                } else if (attempt >= OTHER_TRIES) {
                    throw e;
                }
                pause(attempt);
            }
        }
    }

    private static boolean changing(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConcurrentModificationException) {
                return true;
            }
        }
        return false;
    }

    /** Lets the writer get on: a few yields, then sleeps growing to a millisecond. */
    private static void pause(int attempt) {
        if (attempt < 4) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(Math.min(TimeUnit.MILLISECONDS.toNanos(1), 1000L << Math.min(attempt, 10)));
        }
    }
}

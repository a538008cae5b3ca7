package org.jdsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Threads of one node that fail at the same moment (and another node's Abort arriving then) record
 * one failure: exactly one of them goes on to tell the other nodes. When two did, a node that had
 * stopped after answering the first Abort left the second unanswered, and the job waited 2 s more
 * (EveryNodeFailsTest, 2012 ms once under load).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FirstFailureTest {

    /** One per core of a small machine: more would wait for one another's time slices. */
    private static final int THREADS = 2;
    /**
     * Rounds run for this long: a check-then-set without a lock (the old code's) was caught after
     * 100 to 27,000 rounds (under 1 s, 4 runs of 4 within this bound), but passed 20,000 rounds in 2 runs of 4.
     */
    private static final long RACE_NANOS = TimeUnit.SECONDS.toNanos(5);

    @Test
    void ofThreadsFailingAtOnceExactlyOneRecordsAndItsReasonStays() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            long deadline = System.nanoTime() + RACE_NANOS;
            for (int round = 0; System.nanoTime() < deadline; round++) {
                FirstFailure failure = new FirstFailure();
                AtomicInteger ready = new AtomicInteger();
                List<Future<Boolean>> recorded = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    String reason = "thread " + t;
                    boolean elsewhere = t % 2 == 1; // one plays an Abort from another node
                    recorded.add(threads.submit(() -> {
                        ready.incrementAndGet();
                        while (ready.get() < THREADS) {
                            Thread.yield(); // then all at once: the race is a few instructions wide
                        }
                        return failure.record(reason, elsewhere);
                    }));
                }
                int first = -1;
                for (int t = 0; t < THREADS; t++) {
                    if (recorded.get(t).get()) {
                        assertEquals(-1, first, "round " + round + ": threads " + first + " and " + t + " both recorded");
                        first = t;
                    }
                }
                assertEquals("thread " + first, failure.reason(), "round " + round);
                assertEquals(first % 2 == 1, failure.elsewhere(), "round " + round);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}

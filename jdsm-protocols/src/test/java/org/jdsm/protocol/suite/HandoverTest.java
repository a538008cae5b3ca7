package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Data written under acquire/release by one thread is seen whole by the others after a barrier or a lock. */
class HandoverTest {

    static final int LENGTH = 48;
    static final int BLOCK = 8;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(60)
    void throughBarrier(String protocol, Shape shape) {
        Jobs.run(BarrierHandoverJob.class, protocol, shape, arg("rounds", 6));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(60)
    void throughLock(String protocol, Shape shape) {
        Jobs.run(LockHandoverJob.class, protocol, shape, arg("rounds", Math.max(2, Math.min(shape.threads(), 8))));
    }

    /** What producer-side code writes into element {@code i} in round {@code round}. */
    static long value(int round, int i) {
        return (round + 1) * 1_000_003L + i;
    }

    /**
     * In each round, block b is written by thread (round + b) mod threads; after a barrier every
     * thread reads every element; a second barrier ends the round.
     */
    public static final class BarrierHandoverJob extends Spmd {
        private long[] data;
        private int rounds;

        @Override
        public void init() {
            rounds = JobArgs.of(this).integer("rounds", 4);
            data = pool.register(new long[LENGTH], BLOCK);
        }

        @Override
        public void start() {
            for (int r = 0; r < rounds; r++) {
                for (int b = 0; b < LENGTH / BLOCK; b++) {
                    if ((r + b) % threads() == myThread()) {
                        pool.acquire(data, b * BLOCK, (b + 1) * BLOCK);
                        for (int i = b * BLOCK; i < (b + 1) * BLOCK; i++) {
                            data[i] = value(r, i);
                        }
                        pool.release(data, b * BLOCK, (b + 1) * BLOCK);
                    }
                }
                barrier();
                pool.update(data, 0, LENGTH);
                for (int i = 0; i < LENGTH; i++) {
                    int round = r;
                    int index = i;
                    Check.equal(value(r, i), data[i], () -> "round " + round + ", element " + index + " after the barrier");
                }
                barrier();
            }
        }
    }

    /**
     * In each round one producer writes the array and then a round number into a mailbox, both
     * inside lock "handover"; every other thread polls the mailbox under the same lock (no barrier
     * in between) and, once it shows the round, reads the array under that lock. A barrier ends
     * the round. Polling is bounded by {@code patienceMillis}.
     */
    public static final class LockHandoverJob extends Spmd {

        /** Which round's data the array holds. */
        public static final class Mailbox {
            int round = -1;
        }

        private long[] data;
        private Mailbox mailbox;
        private int rounds;
        private long patienceNanos;

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            rounds = args.integer("rounds", 4);
            patienceNanos = TimeUnit.MILLISECONDS.toNanos(args.integer("patienceMillis", 20_000));
            data = pool.register(new long[LENGTH], BLOCK);
            mailbox = pool.register(new Mailbox());
        }

        @Override
        public void start() {
            for (int r = 0; r < rounds; r++) {
                if (r % threads() == myThread()) {
                    produce(r);
                } else {
                    consume(r);
                }
                barrier();
            }
        }

        private void produce(int round) {
            pool.lock("handover");
            pool.acquire(data, 0, LENGTH);
            for (int i = 0; i < LENGTH; i++) {
                data[i] = value(round, i);
            }
            pool.release(data, 0, LENGTH);
            pool.acquire(mailbox);
            mailbox.round = round;
            pool.release(mailbox);
            pool.unlock("handover");
        }

        private void consume(int round) {
            long deadline = System.nanoTime() + patienceNanos;
            while (true) {
                pool.lock("handover");
                try {
                    pool.update(mailbox);
                    int seen = mailbox.round;
                    Check.that(seen == round || seen == round - 1,
                            () -> "mailbox shows round " + seen + " during round " + round);
                    if (seen == round) {
                        pool.update(data, 0, LENGTH);
                        for (int i = 0; i < LENGTH; i++) {
                            int index = i;
                            Check.equal(value(round, i), data[i], () -> "round " + round + ", element " + index + " under the lock");
                        }
                        return;
                    }
                } finally {
                    pool.unlock("handover");
                }
                Check.that(System.nanoTime() < deadline, () -> "round " + round + " never reached the mailbox");
                LockSupport.parkNanos(200_000);
            }
        }
    }
}

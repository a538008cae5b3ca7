package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.jdsm.protocol.suite.JobArgs.seedArg;

import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One value kept in three places that one lock guards: an element of a cyclic {@code long[]}
 * (written by instrumented-style write checks), an element object of a shared {@code Object[]}
 * (under {@code acquire}), and an element of a primitive-array field of a single shared object
 * (write checks, so nodes write different elements of that field at once). Readers take only the
 * lock and {@code update}: the three must agree and never go back. A lock's grant must bring all
 * three writes, whichever homes they have; no barrier until the end.
 */
class LockedTriplesTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocolFor(Arguments.of(new Shape(4, 2)), Arguments.of(new Shape(2, 4)), Arguments.of(new Shape(6, 1)),
                Arguments.of(new Shape(3, 3)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("runs")
    @Timeout(120)
    void threeCopiesUnderOneLockAgree(String protocol, Shape shape) {
        Jobs.run(Triples.class, protocol, shape, arg("ops", 3000 / shape.threads()), seedArg(31));
    }

    /** An element object. */
    public static final class Box {
        public long value;
    }

    /** A single shared object whose array field holds the third copies. */
    public static final class Ledger {
        public long[] values;
        public int writes;
    }

    public static final class Triples extends Spmd {
        static final int KEYS = 7;

        private long[] plain;
        private Object[] boxes;
        private Ledger ledger;

        @Override
        public void init() {
            plain = pool.register(new long[KEYS], 1, Distribution.CYCLIC);
            Object[] b = new Object[KEYS];
            for (int k = 0; k < KEYS; k++) {
                b[k] = new Box();
            }
            boxes = pool.register(b, 2);
            Ledger l = new Ledger();
            l.values = new long[KEYS];
            ledger = pool.register(l);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[KEYS];
            long written = 0;
            int ops = args.integer("ops", 300);
            for (int op = 0; op < ops; op++) {
                int k = choices.nextInt(KEYS);
                pool.lock("key-" + k);
                long seen = agreed(k);
                int key = k;
                Check.that(seen >= lastSeen[k], () -> "key " + key + " went back from " + lastSeen[key] + " to " + seen);
                if (choices.nextBoolean()) {
                    long next = seen + 1;
                    pool.writeCheck(plain, k);
                    plain[k] = next;
                    pool.acquire(boxes, k);
                    ((Box) boxes[k]).value = next;
                    pool.release(boxes, k);
                    if (pauses.nextInt(4) == 0) {
                        LockSupport.parkNanos(pauses.nextInt(30_000)); // the first two written, the third not yet
                    }
                    pool.writeCheck(ledger);
                    ledger.values[k] = next;
                    lastSeen[k] = next;
                    written++;
                } else {
                    lastSeen[k] = seen;
                }
                pool.unlock("key-" + k);
            }
            pool.acquire(ledger);
            ledger.writes += (int) written;
            pool.release(ledger);
            barrier();
            pool.update(ledger);
            long sum = 0;
            for (int k = 0; k < KEYS; k++) {
                sum += agreed(k);
            }
            long total = sum;
            Check.equal(ledger.writes, total, () -> "writes made and the values' sum at the end (lost write)");
        }

        /** Key k's value, after checking that its three copies agree. */
        private long agreed(int k) {
            pool.update(plain, k);
            pool.update(boxes, k);
            pool.update(ledger);
            long a = plain[k];
            long b = ((Box) boxes[k]).value;
            long c = ledger.values[k];
            Check.that(a == b && b == c, () -> "key " + k + "'s copies disagree: plain " + a + ", box " + b + ", ledger " + c);
            return a;
        }
    }
}

package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One shared object ({@code register(obj)}, one block) whose fields are counters, each guarded by
 * its own lock, plus one field written only under the object's block lock ({@code acquire(obj)}):
 * threads of every node, and several threads of one node, write different fields at the same time
 * (under LRC per-field diffs merged at the home, refetches merged under sibling writers). Checked:
 * a field never goes back under its lock, and after each barrier every field equals the number of
 * increments the seeded choices made.
 */
class ObjectFieldWritersTest {

    /**
     * LRC used to lose an increment here now and then (2x4 over local): a refetch answered before
     * the diffs of writes this node had published since the fetch left undid them in the copy.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void fieldsWrittenUnderTheirOwnLocksLoseNothing(String protocol, Shape shape, String comm) {
        run(protocol, shape, comm, 6);
    }

    private static void run(String protocol, Shape shape, String comm, int phases) {
        List<String> args = List.of(arg("phases", phases), arg("iterations", Math.max(8, 64 / shape.threads())), arg("seed", 17));
        Jobs.runOver(comm, FieldCounters.class, protocol, shape, args);
    }

    /**
     * Six lock-guarded counters of different types (replaced or changed in place) and one written
     * under the block lock.
     */
    public static final class Fields {
        public long f0;
        public int f1;
        public Long f2 = 0L; // a reference field: decoded as a new instance every time
        public String f3 = "0";
        public Count f4 = new Count(0); // a class with identity equals: only its encoding tells a copy from a change
        public Tally f5 = new Tally(); // changed in place: the field keeps its instance
        public long viaAcquire;
    }

    /** A counter value without {@code equals}. */
    public static final class Count {
        final long n;

        Count(long n) {
            this.n = n;
        }
    }

    /** A mutable counter without {@code equals}. */
    public static final class Tally {
        long n;
    }

    public static final class FieldCounters extends Spmd {
        static final int LOCKED = 6;

        private Fields shared;

        @Override
        public void init() {
            shared = pool.register(new Fields());
        }

        private long get(int f) {
            return switch (f) {
                case 0 -> shared.f0;
                case 1 -> shared.f1;
                case 2 -> shared.f2;
                case 3 -> Long.parseLong(shared.f3);
                case 4 -> shared.f4.n;
                case 5 -> shared.f5.n;
                default -> shared.viaAcquire;
            };
        }

        private void set(int f, long v) {
            switch (f) {
                case 0 -> shared.f0 = v;
                case 1 -> shared.f1 = (int) v;
                case 2 -> shared.f2 = v;
                case 3 -> shared.f3 = Long.toString(v);
                case 4 -> shared.f4 = new Count(v);
                case 5 -> shared.f5.n = v;
                default -> shared.viaAcquire = v;
            }
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            int iterations = args.integer("iterations", 8);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[LOCKED];
            for (int phase = 0; phase < phases; phase++) {
                for (int i = 0; i < iterations; i++) {
                    int f = choices.nextInt(LOCKED + 1);
                    if (f == LOCKED) {
                        pool.acquire(shared);
                        shared.viaAcquire++;
                        JobArgs.maybePause(pauses, 3, 150_000);
                        pool.release(shared);
                        continue;
                    }
                    pool.lock("f-" + f);
                    pool.readCheck(shared);
                    long seen = get(f);
                    int field = f;
                    Check.that(seen >= lastSeen[f], () -> "field f" + field + " went back from " + lastSeen[field] + " to "
                            + seen + " under its lock");
                    JobArgs.maybePause(pauses, 3, 150_000);
                    pool.writeCheck(shared);
                    set(f, seen + 1);
                    lastSeen[f] = seen + 1;
                    JobArgs.maybePause(pauses, 3, 150_000);
                    pool.unlock("f-" + f);
                }
                barrier();
                long[] expected = new long[LOCKED + 1];
                for (int t = 0; t < threads(); t++) {
                    Random replay = args.choices(t);
                    for (int i = 0; i < (phase + 1) * iterations; i++) {
                        expected[replay.nextInt(LOCKED + 1)]++;
                    }
                }
                pool.update(shared);
                for (int f = 0; f <= LOCKED; f++) {
                    int field = f;
                    int after = phase + 1;
                    Check.equal(expected[f], get(f), () -> "field " + (field == LOCKED ? "viaAcquire" : "f" + field)
                            + " after phase " + after + " (lost increments)");
                }
                barrier();
            }
        }
    }
}

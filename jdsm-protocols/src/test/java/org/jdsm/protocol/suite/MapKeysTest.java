package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every thread of every node adds keys of its own to one shared {@code ConcurrentHashMap} and removes
 * the ones it added in the phase before, all in one interval and without a common lock (as threads of
 * one JVM may): after each barrier the map holds exactly every thread's keys of that phase, with
 * their values. LRC lost keys here while a changed map travelled whole: each node's map overwrote the
 * others' at the home.
 */
class MapKeysTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void keysAddedAndRemovedByEveryNodeAreAllThere(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, KeyWriters.class, protocol, shape, List.of(arg("phases", 3), arg("keys", 3), JobArgs.seedArg(41)));
    }

    public static final class Registry {
        public ConcurrentHashMap<String, Long> entries = new ConcurrentHashMap<>();
        public long version;
    }

    public static final class KeyWriters extends Spmd {
        private Registry shared;

        @Override
        public void init() {
            shared = pool.register(new Registry());
        }

        private static String key(int thread, int phase, int k) {
            return "t" + thread + "-p" + phase + "-k" + k;
        }

        private static long value(int thread, int phase, int k) {
            return thread * 1_000_000L + phase * 1_000L + k;
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            JobArgs.Plan plan = args.plan(myThread());
            int keys = args.integer("keys", 3);
            for (int phase = 0; phase < plan.phases(); phase++) {
                pool.writeCheck(shared); // no acquire: that would make the writers take turns
                for (int k = 0; k < keys; k++) {
                    shared.entries.put(key(myThread(), phase, k), value(myThread(), phase, k));
                    JobArgs.maybePause(plan.pauses(), 3, 100_000);
                    if (phase > 0) {
                        shared.entries.remove(key(myThread(), phase - 1, k));
                    }
                }
                barrier();
                pool.update(shared);
                int p = phase;
                Check.equal((long) threads() * keys, (long) shared.entries.size(), () -> "keys after phase " + p + ": "
                        + new java.util.TreeMap<>(shared.entries).keySet());
                for (int t = 0; t < threads(); t++) {
                    for (int k = 0; k < keys; k++) {
                        String key = key(t, phase, k);
                        Check.equal(value(t, phase, k), shared.entries.get(key), () -> "value of " + key + " after phase " + p);
                    }
                }
                barrier();
            }
        }
    }
}

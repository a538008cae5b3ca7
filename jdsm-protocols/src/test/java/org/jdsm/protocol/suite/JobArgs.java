package org.jdsm.protocol.suite;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;

/** A job's {@code key=value} arguments (identical on every node). */
public final class JobArgs {

    private final Map<String, String> values = new HashMap<>();

    private JobArgs(Iterable<String> args) {
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("job argument '" + a + "' is not key=value");
            }
            values.put(a.substring(0, eq), a.substring(eq + 1));
        }
    }

    public static JobArgs of(Spmd job) {
        return new JobArgs(job.args());
    }

    /** Thread {@code thread}'s seeded choices (argument {@code seed}), which any thread can replay for an oracle. */
    public Random choices(int thread) {
        return new Random(longValue("seed", 1) * 1_000_003L + thread);
    }

    /** Thread {@code thread}'s seeded pauses, apart from its choices so that pauses do not change them. */
    public Random pauses(int thread) {
        return new Random(longValue("seed", 1) * 31 + thread);
    }

    /** One time in {@code oneIn}, parks the thread for up to {@code maxNanos}: a random pause drawn from a thread's {@link #pauses}. */
    public static void maybePause(Random pauses, int oneIn, int maxNanos) {
        if (pauses.nextInt(oneIn) == 0) {
            LockSupport.parkNanos(pauses.nextInt(maxNanos));
        }
    }

    /** A stress job thread's plan: {@code phases} of {@code iterations}, with its seeded choices and pauses. */
    public record Plan(int phases, int iterations, Random choices, Random pauses) {
    }

    /** Thread {@code thread}'s plan from the arguments {@code phases} (default 3), {@code iterations} (8) and {@code seed}. */
    public Plan plan(int thread) {
        return new Plan(integer("phases", 3), integer("iterations", 8), choices(thread), pauses(thread));
    }

    /**
     * How many times each of {@code cells} counters was picked in the first {@code draws} steps of
     * every thread's choices: {@code step} replays one step from a thread's {@link #choices} (drawing
     * all that step drew) and returns the counter it picked. The oracle of a data-race-free counter job.
     */
    public long[] replayed(int threads, int draws, int cells, java.util.function.ToIntFunction<Random> step) {
        long[] counts = new long[cells];
        for (int t = 0; t < threads; t++) {
            Random replay = choices(t);
            for (int i = 0; i < draws; i++) {
                counts[step.applyAsInt(replay)]++;
            }
        }
        return counts;
    }

    public int integer(String key, int defaultValue) {
        String v = values.get(key);
        return v == null ? defaultValue : Integer.parseInt(v);
    }

    public String text(String key, String defaultValue) {
        return values.getOrDefault(key, defaultValue);
    }

    public long longValue(String key, long defaultValue) {
        String v = values.get(key);
        return v == null ? defaultValue : Long.parseLong(v);
    }

    /** {@code key=value} for passing to a job. */
    public static String arg(String key, Object value) {
        return key + "=" + value;
    }

    /** {@code seed=N}: {@code defaultSeed}, or what {@code -Djdsm.suite.seed} says (to replay or soak another seed). */
    public static String seedArg(long defaultSeed) {
        return arg("seed", Long.getLong("jdsm.suite.seed", defaultSeed));
    }
}

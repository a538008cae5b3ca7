package org.jdsm.samples.support;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The checksum of the last validated run of each sample in this JVM, so tests and benchmark
 * harnesses can compare a DSM run with a plain-Java run of the same size. Every node of an
 * in-JVM job computes the same value, so whichever records last is fine.
 */
public final class Outcomes {

    private static final Map<String, Double> LAST = new ConcurrentHashMap<>();

    private Outcomes() {
    }

    static void record(String sample, double checksum) {
        LAST.put(sample, checksum);
    }

    /** The checksum the last validated run of {@code sample} recorded, if any. */
    public static OptionalDouble last(String sample) {
        Double v = LAST.get(sample);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** Forgets {@code sample}'s last checksum (so a test cannot read a stale one). */
    public static void clear(String sample) {
        LAST.remove(sample);
    }
}

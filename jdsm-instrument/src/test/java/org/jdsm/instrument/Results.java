package org.jdsm.instrument;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where test programs leave their results. Not instrumented and loaded once by the test's class
 * loader, so a program loaded instrumented and its explicit-API twin report to the same place.
 */
public final class Results {

    private static final Map<String, Object> RESULTS = new ConcurrentHashMap<>();

    private Results() {
    }

    /** Records {@code value} under {@code key} (replacing an earlier one). */
    public static void put(String key, Object value) {
        RESULTS.put(key, value);
    }

    /** Removes and returns what was recorded under {@code key}; null if nothing. */
    public static Object take(String key) {
        return RESULTS.remove(key);
    }
}

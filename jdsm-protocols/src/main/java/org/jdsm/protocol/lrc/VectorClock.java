package org.jdsm.protocol.lrc;

import java.util.Arrays;

/** Per-node interval counters: entry m is the last interval of node m that is known (or included). */
final class VectorClock {

    private VectorClock() {
    }

    /** True if every entry of {@code have} is at least the entry of {@code need}. */
    static boolean covers(int[] have, int[] need) {
        for (int i = 0; i < need.length; i++) {
            if (have[i] < need[i]) {
                return false;
            }
        }
        return true;
    }

    /** Raises {@code into} to the entry-wise maximum with {@code other}. */
    static void merge(int[] into, int[] other) {
        for (int i = 0; i < into.length; i++) {
            into[i] = Math.max(into[i], other[i]);
        }
    }

    /** Lowers {@code into} to the entry-wise minimum with {@code other}. */
    static void meet(int[] into, int[] other) {
        for (int i = 0; i < into.length; i++) {
            into[i] = Math.min(into[i], other[i]);
        }
    }

    static String toString(int[] vc) {
        return Arrays.toString(vc);
    }
}

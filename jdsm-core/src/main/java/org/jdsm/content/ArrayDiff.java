package org.jdsm.content;

import java.util.function.IntPredicate;
import org.jdsm.wire.ArrayRange;
import org.jdsm.wire.WireFormat;

/**
 * The elements of one array block that changed since its twin: runs of changed positions
 * (relative to the block start) and their new values packed into one array of the element type.
 * Applying it writes only those elements, so diffs of different writers to disjoint elements merge.
 */
public final class ArrayDiff {

    private int[] runStarts;
    private int[] runLengths;
    private Object values;

    ArrayDiff() {
        // for Kryo
    }

    ArrayDiff(int[] runStarts, int[] runLengths, Object values) {
        this.runStarts = runStarts;
        this.runLengths = runLengths;
        this.values = values;
    }

    /** Number of changed elements. */
    public int changedElements() {
        return values instanceof ArrayRange range ? range.length() : java.lang.reflect.Array.getLength(values);
    }

    /**
     * Compares {@code current[offset, offset+n)} with {@code twin[0, n)} of a primitive kind; null
     * when nothing changed. A single run (e.g. a block written all over) keeps its values in
     * {@code current} until the diff is encoded, so {@code current} must not change before then.
     */
    public static ArrayDiff between(ElementKind kind, Object current, int offset, Object twin, int n) {
        return collect(kind, current, offset, n, new Differences() {
            @Override
            public int first(int from) {
                int m = kind.mismatch(current, offset + from, twin, from, n - from);
                return m < 0 ? -1 : from + m;
            }

            @Override
            public int runEnd(int from) {
                return kind.runEnd(current, offset, twin, from, n);
            }
        });
    }

    /**
     * As {@link #between(ElementKind, Object, int, Object, int)} for reference elements, which
     * compare by content: an element changed in place is a write, and an equal copy (a decoded twin
     * holds new instances) is not.
     */
    public static ArrayDiff between(Object[] current, int offset, Object[] twin, int n, SameContent same) {
        IntPredicate differs = i -> !same.test(current[offset + i], twin[i]);
        return collect(ElementKind.OBJECT, current, offset, n, new Differences() {
            @Override
            public int first(int from) {
                for (int i = from; i < n; i++) {
                    if (differs.test(i)) {
                        return i;
                    }
                }
                return -1;
            }

            @Override
            public int runEnd(int from) {
                int j = from;
                while (j < n && differs.test(j)) {
                    j++;
                }
                return j;
            }
        });
    }

    /** Where the changed elements of a range of {@code n} are. */
    private interface Differences {
        /** First changed position at or after {@code from}, or -1. */
        int first(int from);

        /** First unchanged position at or after {@code from}, or n. */
        int runEnd(int from);
    }

    private static ArrayDiff collect(ElementKind kind, Object current, int offset, int n, Differences differences) {
        int[] starts = new int[8];
        int[] lengths = new int[8];
        int runs = 0;
        int changed = 0;
        int pos = 0;
        while (pos < n) {
            int start = differences.first(pos);
            if (start < 0) {
                break;
            }
            int end = differences.runEnd(start + 1);
            if (runs == starts.length) {
                starts = java.util.Arrays.copyOf(starts, runs * 2);
                lengths = java.util.Arrays.copyOf(lengths, runs * 2);
            }
            starts[runs] = start;
            lengths[runs] = end - start;
            runs++;
            changed += end - start;
            pos = end;
        }
        if (runs == 0) {
            return null;
        }
        if (runs == 1 && kind.isPrimitive()) {
            return new ArrayDiff(new int[] {starts[0]}, new int[] {lengths[0]}, ArrayRange.of(current, offset + starts[0], changed));
        }
        Object values = kind.newArray(changed);
        int v = 0;
        for (int r = 0; r < runs; r++) {
            System.arraycopy(current, offset + starts[r], values, v, lengths[r]);
            v += lengths[r];
        }
        return new ArrayDiff(java.util.Arrays.copyOf(starts, runs), java.util.Arrays.copyOf(lengths, runs), values);
    }

    /** Writes the changed elements into {@code target}, whose block starts at {@code offset}. */
    public void applyTo(Object target, int offset) {
        int v = 0;
        for (int r = 0; r < runStarts.length; r++) {
            if (values instanceof ArrayRange range) {
                range.copyTo(v, target, offset + runStarts[r], runLengths[r]);
            } else {
                System.arraycopy(values, v, target, offset + runStarts[r], runLengths[r]);
            }
            v += runLengths[r];
        }
    }

    /**
     * Gives the decoded values to {@code wire} for its next decode to reuse, once this diff is
     * applied and dropped (at the home); the diff has no values afterwards. Values still read in
     * place from the writer's array (a diff not yet encoded) stay where they are.
     */
    public void recycleValues(WireFormat wire) {
        if (!(values instanceof ArrayRange)) {
            wire.recycle(values);
        }
        values = null;
    }
}

package org.jdsm.content;

import org.jdsm.wire.ArrayRange;
import org.jdsm.wire.WireFormat;

/**
 * The elements of one array block that changed since its twin: runs of changed positions
 * (relative to the block start) and their new values packed into one array of the element type.
 * Applying it writes only those elements, so diffs of different writers to disjoint elements merge.
 * In an object block a changed primitive-array element may itself be such a diff ({@link #nestArrays}).
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
     * Compares {@code current[offset, offset+n)} with {@code twin[0, n)}; null when nothing changed.
     * A single run of a primitive array (e.g. a block written all over) keeps its values in
     * {@code current} until the diff is encoded, so {@code current} must not change before then.
     */
    public static ArrayDiff between(ElementKind kind, Object current, int offset, Object twin, int n) {
        int[] starts = new int[8];
        int[] lengths = new int[8];
        int runs = 0;
        int changed = 0;
        int pos = 0;
        while (pos < n) {
            int m = kind.mismatch(current, offset + pos, twin, pos, n - pos);
            if (m < 0) {
                break;
            }
            int start = pos + m;
            int end = kind.runEnd(current, offset, twin, start + 1, n);
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

    /**
     * For an object block: every changed element that is a primitive array of the same type and
     * length as its {@code twin} element (a row of a two-dimensional array) becomes a diff of that
     * array, so that writers of disjoint elements of one row merge as writers of one block do.
     */
    public void nestArrays(Object[] twin) {
        Object[] changed = (Object[]) values;
        int v = 0;
        for (int r = 0; r < runStarts.length; r++) {
            for (int k = 0; k < runLengths[r]; k++, v++) {
                ArrayDiff row = ofArrays(changed[v], twin[runStarts[r] + k]);
                if (row != null) {
                    changed[v] = row;
                }
            }
        }
    }

    /** What changed from {@code before} to {@code now} if both are primitive arrays of one type and length; else null. */
    public static ArrayDiff ofArrays(Object now, Object before) {
        if (now == null || before == null || now.getClass() != before.getClass() || !now.getClass().isArray()) {
            return null;
        }
        ElementKind kind = ElementKind.of(now);
        int n = java.lang.reflect.Array.getLength(now);
        return kind.isPrimitive() && n == java.lang.reflect.Array.getLength(before) ? between(kind, now, 0, before, n) : null;
    }

    /**
     * Writes the changed elements into {@code target}, whose block starts at {@code offset}; nested
     * diffs into the arrays there, object elements in place ({@link ElementsInPlace}).
     */
    public void applyTo(Object target, int offset) {
        if (values instanceof Object[] changed) {
            applyElements(changed, (Object[]) target, offset);
            return;
        }
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

    private void applyElements(Object[] changed, Object[] target, int offset) {
        int v = 0;
        for (int r = 0; r < runStarts.length; r++) {
            for (int k = 0; k < runLengths[r]; k++, v++) {
                int at = offset + runStarts[r] + k;
                if (changed[v] instanceof ArrayDiff row) {
                    row.applyTo(target[at], 0);
                } else {
                    target[at] = ElementsInPlace.update(target[at], changed[v]);
                }
            }
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

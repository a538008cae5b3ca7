package org.jdsm.content;

import java.util.function.IntConsumer;
import org.jdsm.wire.ArrayRange;
import org.jdsm.wire.WireFormat;

/**
 * The elements of one array block that changed since its twin: runs of changed positions
 * (relative to the block start) and their new values packed into one array of the element type.
 * Applying it writes only those elements, so diffs of different writers to disjoint elements merge.
 * In an object block a changed element may itself be a diff of its inside ({@link #ofObjects}).
 */
public final class ArrayDiff implements ChangeInside {

    /** How many levels below a block (or a single object's field) changes are diffed in place. */
    static final int NESTING = 8;

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
     * What changed from {@code twin} to {@code now}, two object arrays of {@code n} elements (a
     * block's, or an array field's): elements of the same content count as unchanged, whatever
     * their identity ({@code twin} is a deep copy; their slots in {@code now}, which the caller gives
     * up, take the twin's instances), and a changed element that changed inside, rather than being
     * replaced by another kind of value, travels as a diff of its inside ({@link #inside}), so that
     * writers of disjoint elements of one row, or of different fields of one element, merge as
     * writers of one block do.
     */
    public static ArrayDiff ofObjects(Object[] now, Object[] twin, int n, SameContent same) {
        return ofObjects(now, twin, n, same, 0);
    }

    /** As {@link #ofObjects(Object[], Object[], int, SameContent)}, {@code depth} levels below a block. */
    static ArrayDiff ofObjects(Object[] now, Object[] twin, int n, SameContent same, int depth) {
        for (int i = 0; i < n; i++) {
            if (same.test(now[i], twin[i])) {
                now[i] = twin[i];
            }
        }
        ArrayDiff diff = between(ElementKind.OBJECT, now, 0, twin, n);
        if (diff == null) {
            return null;
        }
        Object[] changed = (Object[]) diff.values;
        int v = 0;
        for (int r = 0; r < diff.runStarts.length; r++) {
            for (int k = 0; k < diff.runLengths[r]; k++, v++) {
                Object inside = inside(changed[v], twin[diff.runStarts[r] + k], same, depth + 1);
                if (inside != null) {
                    changed[v] = inside;
                }
            }
        }
        return diff;
    }

    /**
     * What changed inside a value from {@code before} to {@code now}, to be applied to the value in
     * its place ({@link #applyInside}): a primitive array's changed elements, an object array's
     * ({@link #ofObjects}) or a list's ({@link ListDiff}), a map's changed keys
     * ({@link MapDiff}), a set's added and removed values ({@link SetDiff}), or the changed fields of an object changed in place
     * ({@link NestedFieldDiff}), each of the same class (and length) on both sides; null where the
     * value travels whole (or nothing changed).
     */
    public static Object inside(Object now, Object before, SameContent same) {
        return inside(now, before, same, 0);
    }

    /**
     * As {@link #inside(Object, Object, SameContent)}, {@code depth} levels below a block. Deeper than
     * {@link #NESTING} a change travels whole: that bounds the descent through a cyclic object graph.
     */
    static Object inside(Object now, Object before, SameContent same, int depth) {
        if (depth > NESTING || now == null || before == null || now.getClass() != before.getClass()) {
            return null;
        }
        if (now instanceof Object[] objects) {
            Object[] old = (Object[]) before;
            return objects.length == old.length ? ofObjects(objects.clone(), old, old.length, same, depth) : null;
        }
        if (ListDiff.takes(now)) {
            return ListDiff.between((java.util.List<?>) now, (java.util.List<?>) before, same, depth);
        }
        if (MapDiff.takes(now)) {
            return MapDiff.between((java.util.Map<?, ?>) now, (java.util.Map<?, ?>) before, same, depth);
        }
        if (SetDiff.takes(now)) {
            return SetDiff.between((java.util.Set<?>) now, (java.util.Set<?>) before);
        }
        return now.getClass().isArray() ? ofArrays(now, before) : NestedFieldDiff.between(now, before, same, depth);
    }

    /** True if {@code value} is a change made by {@link #inside}, to be applied into a value, not a value itself. */
    static boolean isInside(Object value) {
        return value instanceof ChangeInside;
    }

    /** Writes a change made by {@link #inside} into {@code element} ({@link ChangeInside#applyInto}). */
    public static void applyInside(Object element, Object inside) {
        ((ChangeInside) inside).applyInto(element);
    }

    /** A row's changed elements, written into the row that holds its place if it still fits them. */
    @Override
    public void applyInto(Object row) {
        if (fits(row)) {
            applyTo(row, 0);
        }
    }

    /**
     * Whether {@code target} is an array of this diff's element type long enough for all its runs;
     * for an object array, one whose element class takes every value the diff puts in it whole (a
     * {@code String[]} that another node put in place of an {@code Object[]} does not take a {@code Vec}).
     */
    boolean fits(Object target) {
        if (target == null || values == null) {
            return false;
        }
        boolean sameType = values instanceof Object[] changed ? target instanceof Object[] && takesAll(target, changed)
                : target.getClass() == (values instanceof ArrayRange range ? range.arrayType() : values.getClass());
        int last = runStarts.length - 1;
        return sameType && java.lang.reflect.Array.getLength(target) >= runStarts[last] + runLengths[last];
    }

    private static boolean takesAll(Object target, Object[] changed) {
        Class<?> component = target.getClass().getComponentType();
        for (Object value : changed) {
            if (value != null && !isInside(value) && !component.isInstance(value)) {
                return false;
            }
        }
        return true;
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
     * diffs into the elements there ({@link #applyInside}), object elements in place ({@link ElementsInPlace}).
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

    /** Calls {@code at} with every position this diff writes, relative to the block start. */
    void forEachPosition(IntConsumer at) {
        for (int r = 0; r < runStarts.length; r++) {
            for (int k = 0; k < runLengths[r]; k++) {
                at.accept(runStarts[r] + k);
            }
        }
    }

    private void applyElements(Object[] changed, Object[] target, int offset) {
        int v = 0;
        for (int r = 0; r < runStarts.length; r++) {
            for (int k = 0; k < runLengths[r]; k++, v++) {
                int at = offset + runStarts[r] + k;
                if (isInside(changed[v])) {
                    applyInside(target[at], changed[v]);
                } else {
                    ElementsInPlace.put(target, at, changed[v]);
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

package org.jdsm.content;

/**
 * The fields of a single shared object that changed since its twin, with their new values; a
 * primitive-array field as an {@link ArrayDiff} of its changed elements, so that writers of
 * disjoint elements of one array field merge.
 */
public final class FieldDiff {

    private int[] fields;
    private Object[] values;

    FieldDiff() {
        // for Kryo
    }

    FieldDiff(int[] fields, Object[] values) {
        this.fields = fields;
        this.values = values;
    }

    /**
     * Null when {@code current} and {@code twin} agree on every field. Fields compare by content
     * ({@link SameContent}): the twin is a deep copy, so a field whose class keeps identity
     * {@code equals} would otherwise always count as written, and the diff would carry this node's
     * stale value of it over other writers' changes.
     */
    public static FieldDiff between(ObjectFields access, Object current, Object twin, SameContent same) {
        int[] changed = access.changed(current, twin, same);
        if (changed.length == 0) {
            return null;
        }
        Object[] values = new Object[changed.length];
        for (int i = 0; i < changed.length; i++) {
            Object now = access.get(current, changed[i]);
            ArrayDiff elements = ArrayDiff.ofArrays(now, access.get(twin, changed[i]));
            values[i] = elements != null ? elements : now;
        }
        return new FieldDiff(changed, values);
    }

    /** Number of fields the diff changes. */
    public int changedFields() {
        return fields.length;
    }

    public void applyTo(ObjectFields access, Object target) {
        for (int i = 0; i < fields.length; i++) {
            if (values[i] instanceof ArrayDiff elements) {
                ArrayDiff.applyInside(access.get(target, fields[i]), elements); // in place: the array's other elements stay
            } else {
                access.set(target, fields[i], values[i]);
            }
        }
    }
}

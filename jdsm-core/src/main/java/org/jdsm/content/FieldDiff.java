package org.jdsm.content;

import java.util.Arrays;

/** The fields of a single shared object that changed since its twin, with their new values. */
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
     * Null when {@code current} and {@code twin} hold the same content in every field. Fields are
     * compared by content, not {@code equals} alone: the twin is a decoded copy, so a field of a
     * class with identity {@code equals} would always look changed, and the diff would carry this
     * node's stale value of it over another node's write.
     */
    public static FieldDiff between(ObjectFields access, SameContent same, Object current, Object twin) {
        int[] changed = new int[access.count()];
        Object[] values = new Object[access.count()];
        int n = 0;
        for (int i = 0; i < access.count(); i++) {
            Object value = access.get(current, i);
            if (!same.test(value, access.get(twin, i))) {
                changed[n] = i;
                values[n++] = value;
            }
        }
        return n == 0 ? null : new FieldDiff(Arrays.copyOf(changed, n), Arrays.copyOf(values, n));
    }

    /** Number of fields the diff changes. */
    public int changedFields() {
        return fields.length;
    }

    public void applyTo(ObjectFields access, Object target) {
        for (int i = 0; i < fields.length; i++) {
            access.set(target, fields[i], values[i]);
        }
    }
}

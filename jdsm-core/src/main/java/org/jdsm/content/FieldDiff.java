package org.jdsm.content;

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

    /** Null when {@code current} and {@code twin} agree on every field. */
    public static FieldDiff between(ObjectFields access, Object current, Object twin) {
        int[] changed = access.changed(current, twin);
        if (changed.length == 0) {
            return null;
        }
        Object[] values = new Object[changed.length];
        for (int i = 0; i < changed.length; i++) {
            values[i] = access.get(current, changed[i]);
        }
        return new FieldDiff(changed, values);
    }

    public void applyTo(ObjectFields access, Object target) {
        for (int i = 0; i < fields.length; i++) {
            access.set(target, fields[i], values[i]);
        }
    }
}

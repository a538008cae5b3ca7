package org.jdsm.content;

/**
 * The fields of an object that changed since its twin, with their new values; a field whose value
 * changed inside (an array's elements, an object's fields: {@link ArrayDiff#inside}) as a diff of
 * that, so that writers of disjoint parts of one field's value merge.
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
        return between(access, current, twin, same, 0);
    }

    /** As {@link #between(ObjectFields, Object, Object, SameContent)}, {@code depth} levels below a block. */
    static FieldDiff between(ObjectFields access, Object current, Object twin, SameContent same, int depth) {
        int[] changed = access.changed(current, twin, same);
        if (changed.length == 0) {
            return null;
        }
        Object[] values = new Object[changed.length];
        for (int i = 0; i < changed.length; i++) {
            Object now = access.get(current, changed[i]);
            Object inside = ArrayDiff.inside(now, access.get(twin, changed[i]), same, depth + 1);
            values[i] = inside != null ? inside : now;
        }
        return new FieldDiff(changed, values);
    }

    /**
     * True if the diff changes every one of the object's {@code fieldCount} fields to a new value,
     * none by a diff of its inside: sending the object whole says the same in fewer bytes.
     */
    boolean replacesAll(int fieldCount) {
        if (fields.length < fieldCount) {
            return false;
        }
        for (Object value : values) {
            if (ArrayDiff.isInside(value)) {
                return false;
            }
        }
        return true;
    }

    /** Number of fields the diff changes. */
    public int changedFields() {
        return fields.length;
    }

    /**
     * Writes the changed fields into {@code target}: a value that changed inside as a diff of it, a
     * value that travels whole into the object the field holds where it can change in place
     * ({@link ElementsInPlace#update}); {@code values} must not be used as separate copies afterwards.
     */
    public void applyTo(ObjectFields access, Object target) {
        for (int i = 0; i < fields.length; i++) {
            if (ArrayDiff.isInside(values[i])) {
                ArrayDiff.applyInside(access.get(target, fields[i]), values[i]); // in place: the value's other parts stay
            } else {
                // in place as installed content goes, so a reference kept into the value stays what the object holds
                access.set(target, fields[i], ElementsInPlace.update(access.get(target, fields[i]), values[i]));
            }
        }
    }
}

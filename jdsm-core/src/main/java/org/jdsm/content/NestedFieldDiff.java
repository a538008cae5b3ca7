package org.jdsm.content;

/**
 * The fields that changed in an object that is changed in place ({@link ElementsInPlace}): an
 * element of a shared {@code Object[]} block, or an object a shared element or object refers to.
 * Nodes that write different fields of one such object at the same time, each field under its own
 * lock, merge at the home as writers of different elements do, instead of the last whole object
 * overwriting the others' fields.
 */
public final class NestedFieldDiff implements ChangeInside {

    /** The object's class: the field numbers of {@link #changes} are this class's. */
    private Class<?> type;
    private FieldDiff changes;

    NestedFieldDiff() {
        // for Kryo
    }

    private NestedFieldDiff(Class<?> type, FieldDiff changes) {
        this.type = type;
        this.changes = changes;
    }

    /**
     * The fields {@code now} changed since {@code twin}, two objects of one class, {@code depth}
     * levels below a block ({@link ArrayDiff#inside}); null where the object must travel whole (its
     * class is not changed in place, or has an encoding of its own), every field changed to a new
     * value (the object itself is as short), or no field differs.
     */
    static NestedFieldDiff between(Object now, Object twin, SameContent same, int depth) {
        ObjectFields fields = ElementsInPlace.fieldsOf(now.getClass());
        if (fields == null) {
            return null; // e.g. a KryoSerializable: its own encoding may hold more, or other, than its fields
        }
        FieldDiff changes = FieldDiff.between(fields, now, twin, same, depth);
        return changes == null || changes.replacesAll(fields.count()) ? null : new NestedFieldDiff(now.getClass(), changes);
    }

    /** Writes the changed fields into {@code element}, if it is still an object of the class. */
    @Override
    public void applyInto(Object element) {
        if (element != null && element.getClass() == type) {
            changes.applyTo(ElementsInPlace.fieldsOf(type), element);
        }
    }
}

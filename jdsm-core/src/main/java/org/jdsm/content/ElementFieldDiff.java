package org.jdsm.content;

/**
 * The fields that changed in one element object of a shared {@code Object[]} block (or of a row's
 * element of a two-dimensional object array), for an element that is changed in place
 * ({@link ElementsInPlace}): nodes that write different fields of one element at the same time, each
 * field under its own lock, merge at the home as writers of different elements do, instead of the
 * last whole element overwriting the others' fields.
 */
public final class ElementFieldDiff {

    /** The element's class: the field numbers of {@link #changes} are this class's. */
    private Class<?> type;
    private FieldDiff changes;

    ElementFieldDiff() {
        // for Kryo
    }

    private ElementFieldDiff(Class<?> type, FieldDiff changes) {
        this.type = type;
        this.changes = changes;
    }

    /**
     * The fields {@code now} changed since {@code twin}, or null where the element must travel
     * whole: either is null, their classes differ (the element was replaced by another class's
     * object), the class is not changed in place, or no field differs.
     */
    static ElementFieldDiff between(Object now, Object twin, SameContent same) {
        if (now == null || twin == null || now.getClass() != twin.getClass()) {
            return null;
        }
        ObjectFields fields = ElementsInPlace.fieldsOf(now.getClass());
        if (fields == null) {
            return null;
        }
        FieldDiff changes = FieldDiff.between(fields, now, twin, same);
        return changes == null ? null : new ElementFieldDiff(now.getClass(), changes);
    }

    /**
     * Writes the changed fields into {@code element}. An element of another class, or none, means
     * another node replaced the element while this one wrote fields of the one it had, a race on the
     * slot: the fields are dropped, as in one memory they went to an object no longer in the array.
     */
    void applyTo(Object element) {
        if (element != null && element.getClass() == type) {
            changes.applyTo(ElementsInPlace.fieldsOf(type), element);
        }
    }
}

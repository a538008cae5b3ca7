package org.jdsm;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jdsm.content.ObjectFields;

/**
 * Refuses to register an array that is directly inside another registered object, or an object
 * that directly holds a registered array (a row of a registered {@code double[][]} registered
 * again, a {@code double[][]} whose rows were registered one by one, a registered array in a field
 * of a registered object): the same Java array would be managed twice, with its own blocks, homes
 * and copies each time, and on other nodes the two would become two arrays that drift apart without
 * a word.
 */
final class NestedRegistrations {

    /** Each array directly inside a registered object: where it is, for the error. */
    private final Map<Object, String> parts = new IdentityHashMap<>();

    /** Fails if {@code obj} is inside a registered object, or holds one ({@code registered} says which are). */
    void check(Object obj, Map<Object, SharedObject> registered) {
        String inside = parts.get(obj);
        if (inside != null) {
            throw new DsmException("cannot register " + Registry.describe(obj) + ": it is " + inside
                    + "; register either the whole or its parts, not both");
        }
        eachPart(obj, (part, where) -> {
            SharedObject so = registered.get(part);
            if (so != null) {
                throw new DsmException("cannot register " + Registry.describe(obj) + ": its " + where + " is registered"
                        + " already as shared object #" + so.key() + "; register either the whole or its parts, not both");
            }
        });
    }

    /** Remembers the parts of {@code obj}, registered as shared object {@code key}. */
    void add(Object obj, int key) {
        eachPart(obj, (part, where) -> parts.putIfAbsent(part, where + " of shared object #" + key));
    }

    /**
     * The arrays that {@code obj} holds directly: rows of an array of arrays (or arrays among the
     * elements of an {@code Object[]}), arrays in a single object's fields. Other objects are left
     * out: an immutable value may well sit in two shared objects, and remembering every element of
     * a large {@code Particle[]} would cost more than the mistake is common.
     */
    private static void eachPart(Object obj, BiConsumer<Object, String> action) {
        eachHeld(obj, (value, where, element) -> {
            if (value.getClass().isArray()) {
                action.accept(value, where);
            }
        });
    }

    /** What {@link #eachHeld} finds: an object, where it is ("element 2", "field Cell.x"), and its index or -1. */
    @FunctionalInterface
    interface Held {
        void accept(Object value, String where, int element);
    }

    /**
     * Each object {@code obj} holds directly, null left out: the elements of an {@code Object[]}
     * (with their index), the fields of a single object (with -1).
     */
    static void eachHeld(Object obj, Held action) {
        if (obj instanceof Object[] elements) {
            for (int i = 0; i < elements.length; i++) {
                if (elements[i] != null) {
                    action.accept(elements[i], "element " + i, i);
                }
            }
        } else if (!obj.getClass().isArray()) {
            ObjectFields fields = ObjectFields.of(obj.getClass());
            for (int i = 0; i < fields.count(); i++) {
                Object value = fields.get(obj, i);
                if (value != null) {
                    action.accept(value, "field " + fields.name(i), -1);
                }
            }
        }
    }
}

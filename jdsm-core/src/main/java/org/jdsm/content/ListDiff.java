package org.jdsm.content;

import java.util.ArrayList;

/**
 * The elements that changed in an {@link ArrayList} that kept its size, as an object array's
 * ({@link ArrayDiff#ofObjects}): nodes that {@code set} different elements of one shared list at
 * the same time, each under its own lock (no data race, as in one JVM), merge at the home as
 * writers of different elements of an array do, instead of the last whole list overwriting the
 * others' elements. A list whose size changed (an {@code add} or {@code remove}, a structural change
 * that in one JVM needs one lock around every use of the list) travels whole.
 */
public final class ListDiff implements ChangeInside {

    private ArrayDiff elements;

    ListDiff() {
        // for Kryo
    }

    private ListDiff(ArrayDiff elements) {
        this.elements = elements;
    }

    /** True for the lists this diff takes: ArrayList itself (a subclass may keep more state). */
    static boolean takes(Object value) {
        return takesClass(value.getClass());
    }

    /** As {@link #takes}, for the lists of class {@code type}. */
    static boolean takesClass(Class<?> type) {
        return type == ArrayList.class;
    }

    /**
     * What changed from {@code twin} to {@code now}, two ArrayLists, {@code depth} levels below a
     * block; null if nothing changed or the size did (then the list travels whole).
     */
    static ListDiff between(ArrayList<?> now, ArrayList<?> twin, SameContent same, int depth) {
        if (now.size() != twin.size()) {
            return null;
        }
        ArrayDiff changed = ArrayDiff.ofObjects(now.toArray(), twin.toArray(), now.size(), same, depth);
        return changed == null ? null : new ListDiff(changed);
    }

    /** Writes the changed elements into {@code target}, each in place where it can be ({@link ElementsInPlace}). */
    @Override
    @SuppressWarnings("unchecked")
    public void applyInto(Object target) {
        if (target == null || !takes(target)) {
            return;
        }
        ArrayList<Object> list = (ArrayList<Object>) target;
        Object[] slots = list.toArray();
        if (!elements.fits(slots)) {
            return;
        }
        elements.applyTo(slots, 0);
        // Only the positions this diff writes: every other slot is a snapshot, which a local thread
        // (at the home, or beside a merge) may have set anew since; setting it back would undo that.
        elements.forEachPosition(i -> {
            if (slots[i] != list.get(i)) {
                list.set(i, slots[i]);
            }
        });
    }
}

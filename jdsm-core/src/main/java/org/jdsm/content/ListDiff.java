package org.jdsm.content;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;

/**
 * The elements that changed in an {@link ArrayList} or a {@link LinkedList} that kept its size, as an object array's
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

    /**
     * The lists this diff and in-place installs take: these classes themselves (a subclass may keep
     * more state). A LinkedList too: threads that set different elements of one need no common lock
     * either, and a list that travelled whole carried its writer's stale elements over the others'.
     */
    static final List<Class<?>> CLASSES = List.of(ArrayList.class, LinkedList.class);

    /** True for the lists this diff takes ({@link #CLASSES}). */
    static boolean takes(Object value) {
        return takesClass(value.getClass());
    }

    /** As {@link #takes}, for the lists of class {@code type}. */
    static boolean takesClass(Class<?> type) {
        return CLASSES.contains(type);
    }

    /**
     * What changed from {@code twin} to {@code now}, two lists of one class, {@code depth} levels below a
     * block; null if nothing changed or the size did (then the list travels whole).
     */
    static ListDiff between(List<?> now, List<?> twin, SameContent same, int depth) {
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
        List<Object> list = (List<Object>) target;
        Object[] slots = list.toArray();
        if (!elements.fits(slots)) {
            return;
        }
        elements.applyTo(slots, 0);
        // Only the positions this diff writes: every other slot is a snapshot, which a local thread
        // (at the home, or beside a merge) may have set anew since; setting it back would undo that.
        // Through an iterator, the positions in order: a LinkedList's get and set walk from an end.
        ListIterator<Object> at = list.listIterator();
        elements.forEachPosition(i -> {
            while (at.nextIndex() < i) {
                at.next();
            }
            if (slots[i] != at.next()) {
                at.set(slots[i]);
            }
        });
    }
}

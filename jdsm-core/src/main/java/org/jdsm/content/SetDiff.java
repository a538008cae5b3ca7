package org.jdsm.content;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What changed in a set of values (strings, boxed integers, enums): the elements added and the
 * elements removed, rather than the whole set, which may be large. Writers of one set take turns
 * under one lock (as threads of one JVM must), so their diffs reach the home in that order; writers
 * of different elements at once merge. A set holding other objects travels whole, and so does a
 * LinkedHashSet whose order changed otherwise than by its added elements coming last (an element
 * removed and added again: its order is content, which added and removed elements do not carry).
 */
public final class SetDiff implements ChangeInside {

    /** The sets this diff and in-place installs take: these classes themselves (a subclass may keep more state). */
    static final List<Class<?>> CLASSES = List.of(HashSet.class, LinkedHashSet.class, TreeSet.class);

    private Object[] added;
    private Object[] removed;

    SetDiff() {
        // for Kryo
    }

    private SetDiff(Object[] added, Object[] removed) {
        this.added = added;
        this.removed = removed;
    }

    /**
     * True for the sets this diff takes ({@link #CLASSES}) if every element is a value, but a TreeSet
     * with a comparator, which may find different values equal (as {@link MapDiff#takes} says).
     */
    static boolean takes(Object value) {
        return CLASSES.contains(value.getClass()) && !(value instanceof java.util.SortedSet<?> sorted && sorted.comparator() != null)
                && MapDiff.allValues((Set<?>) value);
    }

    /**
     * What changed from {@code twin} to {@code now}, two sets of values of one class; null if nothing
     * did, or a linked set's elements moved ({@link MapDiff#keepsOrder}).
     */
    static SetDiff between(Set<?> now, Set<?> twin) {
        if (!MapDiff.allValues(twin)) {
            return null;
        }
        List<Object> added = new ArrayList<>();
        for (Object element : now) {
            if (!twin.contains(element)) {
                added.add(element);
            }
        }
        List<Object> removed = new ArrayList<>();
        for (Object element : twin) {
            if (!now.contains(element)) {
                removed.add(element);
            }
        }
        if (added.isEmpty() && removed.isEmpty() || now instanceof LinkedHashSet<?> && !MapDiff.keepsOrder(now, twin)) {
            return null;
        }
        return new SetDiff(added.toArray(), removed.toArray());
    }

    /** Removes and adds the elements in {@code target}, if it is still such a set. */
    @Override
    @SuppressWarnings("unchecked")
    public void applyInto(Object target) {
        if (target == null || !takes(target)) {
            return;
        }
        Set<Object> set = (Set<Object>) target;
        for (Object element : removed) {
            set.remove(element);
        }
        for (Object element : added) {
            set.add(element);
        }
    }
}

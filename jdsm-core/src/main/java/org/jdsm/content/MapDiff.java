package org.jdsm.content;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jdsm.wire.LinkedMaps;

/**
 * What changed in a map, key by key: the keys whose value changed or that are new, with their
 * values, and the keys that are gone. Nodes that change different keys of one shared map at the
 * same time, each under its own lock, by {@code put} or {@code remove} or by writing into the objects
 * the map holds, merge at the home as writers of different elements of an array do, instead of the
 * last whole map overwriting the others' keys (as threads of one JVM may with a
 * {@code ConcurrentHashMap}; a {@code HashMap} needs one lock for structural changes there, and then
 * the diffs follow one another in that lock's order). A map with a key of a class without a value
 * {@code equals} travels whole: a decoded copy of such a key finds nothing in the map at the home.
 */
public final class MapDiff implements ChangeInside {

    /** Key classes whose equals and hashCode are their content, so a decoded key finds its entry. */
    private static final Set<Class<?>> VALUE_KEYS = Set.of(String.class, Character.class, Byte.class, Short.class,
            Integer.class, Long.class, Boolean.class);

    private Object[] keys;
    /** Each a new value whole, or a change of the value there ({@link ArrayDiff#inside}). */
    private Object[] values;
    private Object[] removed;

    MapDiff() {
        // for Kryo
    }

    private MapDiff(Object[] keys, Object[] values, Object[] removed) {
        this.keys = keys;
        this.values = values;
        this.removed = removed;
    }

    /** The maps this diff and in-place installs take: these classes themselves (a subclass may keep more state). */
    static final List<Class<?>> CLASSES = List.of(HashMap.class, LinkedHashMap.class, TreeMap.class, ConcurrentHashMap.class);

    /**
     * True for the maps this diff takes ({@link #CLASSES}), but a TreeMap with a comparator: keys
     * that it finds equal need not be (a comparator by length), so a changed key could look unchanged.
     */
    static boolean takes(Object value) {
        return CLASSES.contains(value.getClass()) && !(value instanceof java.util.SortedMap<?, ?> sorted && sorted.comparator() != null);
    }

    /**
     * What changed from {@code twin} to {@code now}, two maps of one class, {@code depth} levels below
     * a block; null if nothing changed, a key is not of a value class, a linked map's keys moved
     * ({@link #keepsOrder}), or it is access-ordered (an LRU cache's: every get is a change of order).
     */
    static MapDiff between(Map<?, ?> now, Map<?, ?> twin, SameContent same, int depth) {
        if (now instanceof LinkedHashMap<?, ?> linked && LinkedMaps.accessOrdered(linked)) {
            return null; // a get moves a key: the twin's gets here, and applying a diff's, would reorder the map
        }
        List<Object> keys = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (Map.Entry<?, ?> entry : now.entrySet()) {
            Object key = entry.getKey();
            if (!isValue(key)) {
                return null;
            }
            if (!twin.containsKey(key)) {
                keys.add(key);
                values.add(entry.getValue());
                continue;
            }
            Object before = twin.get(key);
            if (!same.test(entry.getValue(), before)) {
                Object inside = ArrayDiff.inside(entry.getValue(), before, same, depth + 1);
                keys.add(key);
                values.add(inside != null ? inside : entry.getValue());
            }
        }
        List<Object> removed = new ArrayList<>();
        for (Object key : twin.keySet()) {
            if (!isValue(key)) {
                return null;
            }
            if (!now.containsKey(key)) {
                removed.add(key);
            }
        }
        if (keys.isEmpty() && removed.isEmpty() || now instanceof LinkedHashMap<?, ?> && !keepsOrder(now.keySet(), twin.keySet())) {
            return null;
        }
        return new MapDiff(keys.toArray(), values.toArray(), removed.toArray());
    }

    /**
     * Whether removing the keys gone and then appending the new ones leaves {@code twin}'s keys in
     * {@code now}'s order: the keys both hold come first, in {@code twin}'s order, then the new ones.
     * A linked map or set whose writer moved a key (removed it and put it again) is in another order,
     * which is content that a diff of keys does not carry: it travels whole.
     */
    static boolean keepsOrder(Set<?> now, Set<?> twin) {
        java.util.Iterator<?> old = twin.iterator();
        boolean appending = false;
        for (Object key : now) {
            if (!twin.contains(key)) {
                appending = true;
                continue;
            }
            if (appending) {
                return false;
            }
            Object next;
            do {
                if (!old.hasNext()) {
                    return false;
                }
                next = old.next();
                if (!Objects.equals(next, key) && now.contains(next)) {
                    return false; // a key both hold, which comes before key in twin's order only
                }
            } while (!Objects.equals(next, key));
        }
        return true;
    }

    /** True if every key of {@code map} is of a value class, so a decoded copy of it finds its entry. */
    static boolean hasValueKeys(Map<?, ?> map) {
        return allValues(map.keySet());
    }

    /** True if every one of {@code objects} is of a value class (equals and hashCode are its content). */
    static boolean allValues(java.util.Collection<?> objects) {
        for (Object o : objects) {
            if (!isValue(o)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Null counts as a value: a HashMap's null key (or a HashSet's null) decodes to null and finds its
     * entry, and a map holding one travelled whole, losing other nodes' writes to its other keys.
     */
    private static boolean isValue(Object key) {
        return key == null || VALUE_KEYS.contains(key.getClass()) || key.getClass().isEnum();
    }

    /**
     * Writes the changes into {@code target}: removes the keys that went, puts new values (each into
     * the value there in place where it can be), and a change inside a value into the value if the
     * key is still there (another writer removed it meanwhile: the change went with it).
     */
    @Override
    @SuppressWarnings("unchecked")
    public void applyInto(Object target) {
        if (target == null || !takes(target)) {
            return;
        }
        Map<Object, Object> map = (Map<Object, Object>) target;
        for (Object key : removed) {
            map.remove(key);
        }
        for (int i = 0; i < keys.length; i++) {
            Object there = map.get(keys[i]);
            if (ArrayDiff.isInside(values[i])) {
                if (there != null) {
                    ArrayDiff.applyInside(there, values[i]);
                }
            } else {
                map.put(keys[i], ElementsInPlace.update(there, values[i]));
            }
        }
    }
}

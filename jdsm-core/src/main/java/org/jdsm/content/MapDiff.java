package org.jdsm.content;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The values that changed in a map that kept its keys, key by key: nodes that change the values of
 * different keys of one shared map at the same time, each under its own lock (no data race in one
 * JVM: replacing the value of a key the map holds is not a structural change), by {@code put} or by
 * writing into the objects the map holds, merge at the home as writers of different elements of
 * an array do, instead of the last whole map overwriting the others' values. A map whose keys
 * changed travels whole, as does one with keys of a class without a value {@code equals} (a decoded
 * copy of such a key finds nothing in the map at the home).
 */
public final class MapDiff implements ChangeInside {

    /** Key classes whose equals and hashCode are their content, so a decoded key finds its entry. */
    private static final Set<Class<?>> VALUE_KEYS = Set.of(String.class, Character.class, Byte.class, Short.class,
            Integer.class, Long.class, Boolean.class);

    private Object[] keys;
    /** Each a new value whole, or a change of the value there ({@link ArrayDiff#inside}). */
    private Object[] values;

    MapDiff() {
        // for Kryo
    }

    private MapDiff(Object[] keys, Object[] values) {
        this.keys = keys;
        this.values = values;
    }

    /** True for the maps this diff and in-place installs take: these classes themselves (a subclass may keep more state). */
    static boolean takes(Object value) {
        Class<?> type = value.getClass();
        return type == HashMap.class || type == LinkedHashMap.class || type == TreeMap.class;
    }

    /**
     * What changed from {@code twin} to {@code now}, two maps of one class, {@code depth} levels below
     * a block; null if nothing changed, the keys did, or a key is not of a value class.
     */
    static MapDiff between(Map<?, ?> now, Map<?, ?> twin, SameContent same, int depth) {
        if (now.size() != twin.size()) {
            return null;
        }
        Object[] keys = new Object[now.size()];
        Object[] values = new Object[now.size()];
        int changed = 0;
        for (Map.Entry<?, ?> entry : now.entrySet()) {
            Object key = entry.getKey();
            if (key == null || !(VALUE_KEYS.contains(key.getClass()) || key.getClass().isEnum()) || !twin.containsKey(key)) {
                return null;
            }
            Object before = twin.get(key);
            if (!same.test(entry.getValue(), before)) {
                Object inside = ArrayDiff.inside(entry.getValue(), before, same, depth + 1);
                keys[changed] = key;
                values[changed] = inside != null ? inside : entry.getValue();
                changed++;
            }
        }
        return changed == 0 ? null : new MapDiff(java.util.Arrays.copyOf(keys, changed), java.util.Arrays.copyOf(values, changed));
    }

    /** Writes the changed values into {@code target} under keys it still holds, each in place where it can be. */
    @Override
    @SuppressWarnings("unchecked")
    public void applyInto(Object target) {
        if (target == null || !takes(target)) {
            return;
        }
        Map<Object, Object> map = (Map<Object, Object>) target;
        for (int i = 0; i < keys.length; i++) {
            if (!map.containsKey(keys[i])) {
                continue; // another writer removed the key meanwhile: the value went with it
            }
            if (ArrayDiff.isInside(values[i])) {
                ArrayDiff.applyInside(map.get(keys[i]), values[i]);
            } else {
                map.put(keys[i], ElementsInPlace.update(map.get(keys[i]), values[i]));
            }
        }
    }
}

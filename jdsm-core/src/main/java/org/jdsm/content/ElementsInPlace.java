package org.jdsm.content;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jdsm.wire.WireFormat;

/**
 * Writes a new value of an object-array element into the element object already in the array, so
 * that references user code keeps to elements ({@code mine.add(particles[k])} once, then
 * {@code p.x += ...} in every step; a row of a two-dimensional array) stay the shared element across
 * synchronization: a decoded copy put in its place instead leaves them on an object that no longer
 * is the element, whose writes are lost and whose reads are stale.
 *
 * <p>Down what the element refers to as well, up to {@link ArrayDiff#NESTING} levels: a nested
 * object of a class of the job's, an array of the same length, an ArrayList or LinkedList, a HashMap, LinkedHashMap,
 * TreeMap, ConcurrentHashMap or one of the sets of {@link SetDiff}, is changed in place too, so a
 * reference kept into an element ({@code Vec pos = p.pos}) stays what the element holds; transient
 * fields keep this node's values.
 * Values that cannot change in place are put in the array instead: a record (final fields), an
 * enum, a JDK class (String, boxed numbers, other collections) and a class that extends one, and a class
 * with an encoding of its own ({@code KryoSerializable}), whose state need not be its fields.
 */
public final class ElementsInPlace {

    /**
     * How Kryo encodes a class of the job's: field by field by default, or in a way of its own
     * ({@code KryoSerializable}), which every wire format picks alike for a class it has not been given.
     */
    private static final WireFormat ENCODINGS = new WireFormat();

    /** A class's fields, or null if its instances are replaced, not changed in place. */
    private static final ClassValue<ObjectFields> FIELDS = new ClassValue<>() {
        @Override
        protected ObjectFields computeValue(Class<?> type) {
            if (type.isRecord() || type.isEnum() || extendsJdk(type) || !ENCODINGS.encodesFields(type)) {
                return null; // not its fields alone: a KryoSerializable may keep its state in transient fields
            }
            try {
                return ObjectFields.of(type);
            } catch (IllegalArgumentException e) {
                return null; // a class of a module closed to us
            }
        }
    };

    private ElementsInPlace() {
    }

    /**
     * Gives {@code target[at]} {@code value}'s content: the element there changed in place where it
     * can be ({@code value} then lends it its field values and must not be used as a separate copy
     * any more), else {@code value} put in its place; the element it replaces forgets its slot
     * ({@link ElementSlots}).
     */
    public static void put(Object[] target, int at, Object value) {
        Object old = target[at];
        target[at] = update(old, value, 0, null);
        if (target[at] != old) {
            ElementSlots.leave(old, target);
        }
    }

    /**
     * What a field holding {@code old} must hold to have {@code value}'s content: {@code old} changed
     * in place where it can be, as {@link #put} does for an array's slot, else {@code value}.
     */
    static Object update(Object old, Object value) {
        return update(old, value, 0, null);
    }

    /**
     * What a slot or field holding {@code old} must hold to have {@code value}'s content, as {@link #put}
     * says, {@code depth} levels below the array's slot; {@code done}: objects already updated deeper
     * than the top (a cyclic graph, or one object reached twice), made at the first.
     */
    @SuppressWarnings("unchecked")
    private static Object update(Object old, Object value, int depth, Map<Object, Object> done) {
        if (old == null || value == null || old == value || old.getClass() != value.getClass() || depth > ArrayDiff.NESTING) {
            return value;
        }
        boolean array = old.getClass().isArray();
        boolean list = ListDiff.takes(old);
        boolean map = MapDiff.takes(old);
        boolean set = SetDiff.takes(old);
        ObjectFields fields = array || list || map || set ? null : fieldsOf(old.getClass());
        if (array ? java.lang.reflect.Array.getLength(old) != java.lang.reflect.Array.getLength(value) : fields == null && !list && !map && !set) {
            return value;
        }
        if (depth > 0) {
            done = done == null ? new IdentityHashMap<>() : done;
            if (done.put(old, value) != null) {
                return old;
            }
        }
        if (list) {
            updateList((List<Object>) old, (List<?>) value, depth, done);
        } else if (map) {
            updateMap((Map<Object, Object>) old, (Map<?, ?>) value, depth, done);
        } else if (set) {
            updateSet((Set<Object>) old, (Set<?>) value);
        } else if (old instanceof Object[] slots) {
            Object[] values = (Object[]) value;
            for (int i = 0; i < slots.length; i++) {
                slots[i] = update(slots[i], values[i], depth + 1, done);
            }
        } else if (fields == null) {
            System.arraycopy(value, 0, old, 0, java.lang.reflect.Array.getLength(old)); // a primitive array
        } else {
            copyFields(fields, value, old, depth, done);
        }
        return old;
    }

    /**
     * A list takes the values element by element in place, position by position, and then loses the
     * elements past {@code value}'s size or gains {@code value}'s further ones. Not cleared when the
     * size changed: a reference kept to an element (a job object) held before another node added at
     * the end must stay the element at its position, as in one memory, instead of being left on an
     * object no longer in the list, whose writes are lost.
     */
    private static void updateList(List<Object> old, List<?> value, int depth, Map<Object, Object> done) {
        ListIterator<Object> at = old.listIterator(); // a LinkedList's get and set walk from an end
        Iterator<?> values = value.iterator();
        while (at.hasNext() && values.hasNext()) {
            at.set(update(at.next(), values.next(), depth + 1, done));
        }
        if (at.hasNext()) {
            old.subList(value.size(), old.size()).clear();
        }
        values.forEachRemaining(old::add);
    }

    /**
     * A map takes the values key by key, each into the value there in place where it can be, in
     * {@code value}'s order (a linked map's order is content too), and loses the keys {@code value}
     * does not have. Not cleared first: another thread of this node may be reading a key that stays
     * (under that key's lock), and must find it at every instant.
     */
    private static void updateMap(Map<Object, Object> old, Map<?, ?> value, int depth, Map<Object, Object> done) {
        old.keySet().retainAll(value.keySet());
        for (Map.Entry<?, ?> entry : value.entrySet()) {
            old.put(entry.getKey(), update(old.get(entry.getKey()), entry.getValue(), depth + 1, done));
        }
        if (old instanceof LinkedHashMap<?, ?> && !sameOrder(old.keySet(), value.keySet())) {
            for (Object key : value.keySet()) {
                old.put(key, old.remove(key)); // to the end, in value's order: moved keys were a structural change
            }
        }
    }

    /**
     * A set takes the elements of {@code value}, a set of the same class, in place and in its order;
     * not cleared first, as a map is not ({@link #updateMap}).
     */
    private static void updateSet(Set<Object> old, Set<?> value) {
        old.retainAll(value);
        old.addAll(value);
        if (old instanceof LinkedHashSet<?> && !sameOrder(old, value)) {
            old.clear();
            old.addAll(value);
        }
    }

    /** Whether {@code a} and {@code b}, collections of equal elements, iterate them in the same order. */
    private static boolean sameOrder(Collection<?> a, Collection<?> b) {
        Iterator<?> other = b.iterator();
        for (Object element : a) {
            if (!other.hasNext() || !Objects.equals(element, other.next())) {
                return false;
            }
        }
        return !other.hasNext();
    }

    /**
     * Gives {@code target} the field values of {@code source}, an object of the same class, changing
     * what its fields refer to in place as {@link #put} does: how a single shared object takes
     * installed content.
     */
    public static void copyFields(ObjectFields fields, Object source, Object target) {
        copyFields(fields, source, target, 0, null);
    }

    private static void copyFields(ObjectFields fields, Object source, Object target, int depth, Map<Object, Object> done) {
        for (int i = 0; i < fields.count(); i++) {
            fields.set(target, i, update(fields.get(target, i), fields.get(source, i), depth + 1, done));
        }
    }

    /**
     * The fields of {@code type}, or null if its instances are replaced, not changed in place: a
     * record, an enum, a JDK class, or a class Kryo does not encode field by field, whose fields are
     * then not all there is to its content.
     */
    static ObjectFields fieldsOf(Class<?> type) {
        return FIELDS.get(type);
    }

    /** Writes {@code values[0, n)} into {@code target[at, at+n)} element by element, as {@link #put} does. */
    public static void install(Object[] values, Object[] target, int at, int n) {
        for (int i = 0; i < n; i++) {
            put(target, at + i, values[i]);
        }
    }

    /**
     * A JDK class or a subclass of one but Object: its state may sit in transient fields (an
     * ArrayList's elements), which ObjectFields leaves out, or in fields closed to us.
     */
    private static boolean extendsJdk(Class<?> type) {
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            ClassLoader loader = c.getClassLoader();
            if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
                return true;
            }
        }
        return false;
    }
}

package org.jdsm.content;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jdsm.wire.WireFormat;

/**
 * Whether two values hold the same content: equal for the JDK's value classes (deeply for primitive
 * arrays, sets of such values but linked ones), records component by component, object arrays and lists of {@link ListDiff}
 * element by element, maps with keys of value classes key by key (but linked ones), objects of the job's
 * own classes field by field (an object met again deeper down counts as the same, so cyclic graphs
 * end), otherwise (JDK containers, classes with an encoding of their own) copies of them encoded to
 * the same bytes. A
 * decoded copy of an element is a new instance, so identity cannot tell a copy that came over the
 * wire from a changed value; nor can a class's own {@code equals}, which may compare an id only.
 */
public final class SameContent {

    /**
     * Values whose {@code equals} is their content, with no need to encode. Any other class's
     * {@code equals} is not enough: it may be identity, or compare an id only (an entity equal to
     * its old copy whatever its other fields hold), and a container's or a record's compares its
     * elements or components by their own {@code equals}.
     */
    private static final Set<Class<?>> VALUE_EQUALS = Set.of(String.class, Boolean.class, Character.class, Byte.class,
            Short.class, Integer.class, Long.class, Float.class, Double.class, boolean[].class, char[].class, byte[].class,
            short[].class, int[].class, long[].class, float[].class, double[].class);

    /**
     * A record class's component accessors, or null for any other class (or a record whose
     * accessors are closed to us): a record compares component by component, so that a {@code record
     * Point(double x, double y)} element compares in nanoseconds instead of microseconds by encoding,
     * whatever its own {@code equals} says.
     */
    private static final ClassValue<Method[]> RECORD_COMPONENTS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            if (!type.isRecord()) {
                return null;
            }
            RecordComponent[] components = type.getRecordComponents();
            Method[] accessors = new Method[components.length];
            try {
                for (int i = 0; i < components.length; i++) {
                    accessors[i] = components[i].getAccessor();
                    accessors[i].setAccessible(true);
                }
            } catch (RuntimeException e) {
                return null;
            }
            return accessors;
        }
    };

    private final WireFormat wire;

    public SameContent(WireFormat wire) {
        this.wire = wire;
    }

    public boolean test(Object a, Object b) {
        return same(a, b, 0, null);
    }

    /**
     * {@code seen}: pairs of objects compared deeper than the top, which count as the same when met
     * again (a cyclic graph, or one object reached twice); made at the first such pair.
     */
    private boolean same(Object a, Object b, int depth, Map<Object, Object> seen) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        Class<?> type = a.getClass();
        if (VALUE_EQUALS.contains(type) || type.isEnum() || type != LinkedHashSet.class && SetDiff.takes(a)) {
            return Objects.deepEquals(a, b); // a set of values: equal sets hold the same values (a linked set's order is content too)
        }
        Method[] components = RECORD_COMPONENTS.get(type);
        boolean elements = a instanceof Object[] || ListDiff.takes(a);
        boolean entries = type != LinkedHashMap.class && MapDiff.takes(a) && MapDiff.hasValueKeys((Map<?, ?>) a); // a linked map's order is content too
        ObjectFields fields = elements || entries || components != null ? null : ElementsInPlace.fieldsOf(type);
        if (!elements && !entries && components == null && fields == null) {
            return sameEncodings(a, b);
        }
        // Field by field rather than by encoding: a plain element compares in tens of nanoseconds
        // instead of microseconds, which every diff of an object block pays for each element.
        if (depth > 0) {
            seen = seen == null ? new IdentityHashMap<>() : seen;
            if (seen.get(a) == b) {
                return true;
            }
            seen.put(a, b);
        }
        if (a instanceof Object[] x) {
            return sameElements(x, (Object[]) b, depth + 1, seen);
        }
        if (elements) {
            return sameElements(((java.util.List<?>) a).toArray(), ((java.util.List<?>) b).toArray(), depth + 1, seen);
        }
        if (entries) {
            return sameEntries((Map<?, ?>) a, (Map<?, ?>) b, depth + 1, seen);
        }
        return components != null ? sameComponents(components, a, b, depth + 1, seen) : sameFields(fields, a, b, depth + 1, seen);
    }

    private boolean sameElements(Object[] a, Object[] b, int depth, Map<Object, Object> seen) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!same(a[i], b[i], depth, seen)) {
                return false;
            }
        }
        return true;
    }

    /** Maps whose keys are values ({@link MapDiff#hasValueKeys}): the same keys, each with the same content. */
    private boolean sameEntries(Map<?, ?> a, Map<?, ?> b, int depth, Map<Object, Object> seen) {
        if (a.size() != b.size()) {
            return false;
        }
        for (Map.Entry<?, ?> entry : a.entrySet()) {
            Object other = b.get(entry.getKey());
            if (other == null && !b.containsKey(entry.getKey()) || !same(entry.getValue(), other, depth, seen)) {
                return false;
            }
        }
        return true;
    }

    private boolean sameFields(ObjectFields fields, Object a, Object b, int depth, Map<Object, Object> seen) {
        for (int i = 0; i < fields.count(); i++) {
            if (!sameField(fields, a, b, i, depth, seen)) {
                return false;
            }
        }
        return true;
    }

    /** Whether field {@code i} of {@code a} and {@code b}, two objects of the class of {@code fields}, holds the same content. */
    public boolean sameField(ObjectFields fields, Object a, Object b, int i) {
        return sameField(fields, a, b, i, 1, null);
    }

    private boolean sameField(ObjectFields fields, Object a, Object b, int i, int depth, Map<Object, Object> seen) {
        return fields.isPrimitive(i) ? fields.samePrimitive(a, b, i) : same(fields.get(a, i), fields.get(b, i), depth, seen);
    }

    private boolean sameEncodings(Object a, Object b) {
        // Not equals first: an entity whose equals compares its id only was "the same" after a
        // change of its other fields in place, and a release sent no diff for it (LRC lost them all).
        // Encoded as copies: a copy lays out a hash container (capacity, hence iteration and encoding
        // order) by its entries alone, where the original's layout depends on its history (a decoded
        // map is sized for its entries, a map made with a larger capacity is not). Yet a copy of a
        // container of elements with identity hash codes puts its new elements in other buckets, so
        // contentBytes writes hash containers sorted: with plain encodings an unchanged HashSet of
        // such elements always counted as written, and its writer's stale copy overwrote the home's.
        // Copied as LiveCopies does: one of them may be a live value that another thread is changing.
        return Arrays.equals(wire.contentBytes(LiveCopies.copy(wire, a)), wire.contentBytes(LiveCopies.copy(wire, b)));
    }

    private boolean sameComponents(Method[] components, Object a, Object b, int depth, Map<Object, Object> seen) {
        try {
            for (Method component : components) {
                if (!same(component.invoke(a), component.invoke(b), depth, seen)) {
                    return false;
                }
            }
            return true;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read a component of " + a.getClass().getName(), e);
        }
    }
}

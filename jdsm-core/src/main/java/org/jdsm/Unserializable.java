package org.jdsm;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import org.jdsm.content.ObjectFields;
import org.jdsm.wire.WireException;
import org.jdsm.wire.WireFormat;

/**
 * Finds, for an object that does not survive a trip through Kryo, the value to blame and its path
 * from the shared object ({@code shelf.byColor}, {@code [3].items[0]}), so that the error names the
 * field and, where the wire format knows it ({@link WireFormat#unportable}), what to share instead.
 */
final class Unserializable {

    /** How deep the search goes: a value nested deeper is blamed on its ancestor at this depth. */
    private static final int MAX_DEPTH = 32;
    /** Ends the phrase for a value that fails for no reason the wire format knows. */
    private static final String UNKNOWN = " cannot be serialized by Kryo";
    /** Longest map key shown in a path. */
    private static final int MAX_KEY = 40;

    private final WireFormat wire;
    private final Set<Object> visited = Collections.newSetFromMap(new IdentityHashMap<>());

    private Unserializable(WireFormat wire) {
        this.wire = wire;
    }

    /**
     * A phrase naming the value of {@code obj} to blame and why, e.g. {@code field shelf.names:
     * java.util.Collections$UnmodifiableRandomAccessList is a view or wrapper ...; share a copy ...};
     * where the wire format cannot say why, it
     * quotes Kryo's {@code failure}.
     */
    static String culprit(Object obj, WireFormat wire, WireException failure) {
        if (!obj.getClass().isArray()) {
            try {
                ObjectFields.of(obj.getClass());
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        String found = new Unserializable(wire).blame(obj, "", 0);
        String kryo = " (Kryo: " + failure.getMessage().lines().findFirst().orElse("") + ")";
        if (found == null) {
            return "it cannot be serialized by Kryo" + kryo;
        }
        return found.endsWith(UNKNOWN) ? found + kryo : found;
    }

    /** The phrase for {@code value} at {@code path}, which fails its round trip; null if the registered object itself is to blame. */
    private String blame(Object value, String path, int depth) {
        visited.add(value);
        if (value instanceof Spmd) {
            // Else its pool was blamed: 'field job.pool.writingBlocks.count: AtomicInteger is a JDK class ...'.
            return where(path) + "the job object (" + value.getClass().getName() + ") cannot be shared: it holds the"
                    + " node's pool and runtime; keep what is needed of it in fields of their own, or mark the field"
                    + " transient to keep a separate one on each node";
        }
        String why = wire.unportable(value.getClass());
        if (why != null) {
            return where(path) + why;
        }
        if (depth < MAX_DEPTH) {
            for (Child child : children(value, path)) {
                if (child.value() != null && !visited.contains(child.value()) && !roundTrips(child.value())) {
                    String deeper = blame(child.value(), child.path(), depth + 1);
                    return deeper != null ? deeper
                            : where(child.path()) + "an instance of " + child.value().getClass().getName() + UNKNOWN;
                }
            }
        }
        return null;
    }

    private static String where(String path) {
        if (path.isEmpty()) {
            return "";
        }
        return path.startsWith("[") ? "element " + path + ": " : "field " + path + ": ";
    }

    private boolean roundTrips(Object value) {
        try {
            wire.decode(wire.encode(value));
            return true;
        } catch (WireException e) {
            return false;
        }
    }

    /** A value inside another and its path from the shared object. */
    private record Child(String path, Object value) {
    }

    /** The values inside {@code value} that Kryo writes with it, each with its path. */
    private static List<Child> children(Object value, String path) {
        List<Child> out = new ArrayList<>();
        Class<?> type = value.getClass();
        if (type.isArray()) {
            if (!type.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(value); i++) {
                    out.add(new Child(path + "[" + i + "]", Array.get(value, i)));
                }
            }
        } else if (value instanceof Collection<?> c) {
            int i = 0;
            for (Object element : c) {
                out.add(new Child(path + "[" + i++ + "]", element));
            }
            out.add(new Child(path + ".comparator()", comparator(value)));
        } else if (value instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String key = String.valueOf(e.getKey());
                String shown = key.length() > MAX_KEY ? key.substring(0, MAX_KEY) + "..." : key;
                out.add(new Child(path + ".keySet()[" + shown + "]", e.getKey()));
                out.add(new Child(path + "[" + shown + "]", e.getValue()));
            }
            out.add(new Child(path + ".comparator()", comparator(value)));
        } else {
            ObjectFields fields;
            try {
                fields = ObjectFields.of(type);
            } catch (IllegalArgumentException e) {
                return out; // a JDK class's fields, closed to us
            }
            for (int i = 0; i < fields.count(); i++) {
                String name = fields.name(i);
                String field = name.substring(name.lastIndexOf('.') + 1);
                out.add(new Child(path.isEmpty() ? field : path + "." + field, fields.get(value, i)));
            }
        }
        return out;
    }

    /** The comparator that orders a sorted container (Kryo writes it with the elements), or null. */
    private static Object comparator(Object container) {
        if (container instanceof SortedSet<?> s) {
            return s.comparator();
        }
        if (container instanceof SortedMap<?, ?> m) {
            return m.comparator();
        }
        return container instanceof PriorityQueue<?> q ? q.comparator() : null;
    }
}

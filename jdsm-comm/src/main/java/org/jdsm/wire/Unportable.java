package org.jdsm.wire;

import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import java.io.Closeable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.Socket;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.locks.Lock;
import java.util.stream.BaseStream;

/**
 * The classes that Kryo's default serializer for them would get wrong on another node, and why,
 * with what to share instead. Kryo falls back to copying a class's fields one by one; for a JDK class
 * those are JDK internals, which differ between Java versions (a node on JDK 25 reading JDK 17's
 * {@code java.text.DecimalFormat} would misread it) and most are closed to reflection anyway. Its
 * generic collection and map serializers make the object without a constructor and add the elements:
 * a JDK view or wrapper ({@code Collections.unmodifiableList}, {@code map.keySet()}) comes out
 * broken, and a concurrent sorted collection loses its comparator ({@code EnumMap} has a serializer
 * of its own, {@link EnumMaps}). A lambda's class exists only in the JVM that made it.
 */
final class Unportable {

    private static final String TRANSIENT = "mark the field transient to keep a separate one on each node";

    private Unportable() {
    }

    /**
     * Why Kryo cannot copy {@code type} field by field, its fallback for classes it has no
     * serializer for, as a sentence that starts with the class name and says what to share
     * instead; null if it can.
     */
    static String fieldByField(Class<?> type) {
        if (type.isHidden()) {
            return type.getName() + " is a lambda or method reference, whose class exists only in the JVM that made"
                    + " it; use a named class that implements the interface (e.g. class ByName implements"
                    + " Comparator<Item>), or " + TRANSIENT;
        }
        Field captured = isJdk(type) ? null : capturedField(type);
        if (captured != null) {
            return type.getName() + " is an inner, local or anonymous class: its hidden field " + captured.getName()
                    + " (the enclosing object, or a variable it captured) does not travel, so on another node it would"
                    + " be null; make it a static nested class or a top-level class, or " + TRANSIENT;
        }
        Class<?> internal = withInternalFields(type);
        return internal == null ? null : internals(type, internal);
    }

    /**
     * The first compiler-made instance field in {@code type}'s hierarchy (an inner class's {@code
     * this$0}, a local class's captured {@code val$x}), or null: Kryo leaves such fields out.
     */
    private static Field capturedField(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isSynthetic() && !Modifier.isStatic(f.getModifiers())) {
                    return f;
                }
            }
        }
        return null;
    }

    /**
     * Why Kryo's {@code chosen} serializer cannot rebuild {@code type} on another node, as {@link
     * #fieldByField} says it; null if it can (or {@code chosen} is not Kryo's generic collection or
     * map serializer).
     */
    static String container(Class<?> type, Serializer<?> chosen) {
        boolean generic = chosen.getClass() == CollectionSerializer.class || chosen.getClass() == MapSerializer.class;
        return generic && isJdk(type) ? jdkContainer(type) : null;
    }

    /** The first JDK class in {@code type}'s hierarchy with a non-public instance field, or null. */
    private static Class<?> withInternalFields(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (isJdk(c)) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isPublic(f.getModifiers())) {
                        return c;
                    }
                }
            }
        }
        return null;
    }

    private static String internals(Class<?> type, Class<?> internal) {
        String what = type == internal ? type.getName() + " is a JDK class"
                : type.getName() + " extends " + internal.getName() + ", a JDK class";
        return what + " with no portable encoding: Kryo would copy its private fields, which are JDK internals that"
                + " differ between Java versions; " + advice(internal);
    }

    private static String advice(Class<?> internal) {
        if (internal.getPackageName().equals("java.util.concurrent.atomic")) {
            return "an atomic is atomic only inside one JVM: share an int or long field (or a long[] element) and"
                    + " change it under acquire/release or a lock";
        }
        if (Thread.class.isAssignableFrom(internal) || Socket.class.isAssignableFrom(internal)
                || Closeable.class.isAssignableFrom(internal) || BaseStream.class.isAssignableFrom(internal)
                || Lock.class.isAssignableFrom(internal) || ExecutorService.class.isAssignableFrom(internal)) {
            return "it belongs to the JVM that made it: " + TRANSIENT;
        }
        return "share the values it holds in fields of your own, or " + TRANSIENT;
    }

    private static String jdkContainer(Class<?> type) {
        if (SortedSet.class.isAssignableFrom(type) || PriorityBlockingQueue.class.isAssignableFrom(type)) {
            return type.getName() + " would be rebuilt on another node without its comparator; use a TreeSet or a"
                    + " PriorityQueue, whose comparator travels with it";
        }
        if (rebuildable(type)) {
            return null;
        }
        return type.getName() + " is a view or wrapper of another collection (or needs constructor arguments),"
                + " which Kryo cannot rebuild on another node; share a copy: " + copyAdvice(type);
    }

    /** Kryo makes a container with its public no-argument constructor, then adds the elements. */
    private static boolean rebuildable(Class<?> type) {
        if (!Modifier.isPublic(type.getModifiers())) {
            return false;
        }
        try {
            return Modifier.isPublic(type.getConstructor().getModifiers());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static String copyAdvice(Class<?> type) {
        if (Map.class.isAssignableFrom(type)) {
            return "new HashMap<>(map) or Map.copyOf(map)";
        }
        if (Set.class.isAssignableFrom(type)) {
            return "new HashSet<>(set) or Set.copyOf(set)";
        }
        if (List.class.isAssignableFrom(type)) {
            return "new ArrayList<>(list) or List.copyOf(list)";
        }
        return Collection.class.isAssignableFrom(type) ? "new ArrayList<>(collection) or new ArrayDeque<>(collection)"
                : "a HashMap or ArrayList of its contents";
    }

    /** True for classes of the JDK's own modules (boot and platform class loaders). */
    static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }
}

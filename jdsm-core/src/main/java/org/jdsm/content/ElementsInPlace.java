package org.jdsm.content;

/**
 * Writes a new value of an object-array element into the element object already in the array, so
 * that references user code keeps to elements ({@code mine.add(particles[k])} once, then
 * {@code p.x += ...} in every step; a row of a two-dimensional array) stay the shared element across
 * synchronization: a decoded copy put in its place instead leaves them on an object that no longer
 * is the element, whose writes are lost and whose reads are stale.
 *
 * <p>One level, as {@code SharedObjectOne} installs a single object: the element's fields (an array
 * element's elements) take the new value's, so objects the element refers to are the new value's;
 * transient fields keep this node's values.
 * Values that cannot change in place are put in the array instead: a record (final fields), an
 * enum, a JDK class (String, boxed numbers, collections) and a class that extends one.
 */
public final class ElementsInPlace {

    /** A class's fields, or null if its instances are replaced, not changed in place. */
    private static final ClassValue<ObjectFields> FIELDS = new ClassValue<>() {
        @Override
        protected ObjectFields computeValue(Class<?> type) {
            if (type.isRecord() || type.isEnum() || extendsJdk(type)) {
                return null;
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
     * What array slot holding {@code old} must hold to have {@code value}'s content: {@code old}
     * changed in place where it can be ({@code value} then lends it its field values and must not be
     * used as a separate copy any more), else {@code value}.
     */
    public static Object update(Object old, Object value) {
        if (old == null || value == null || old == value || old.getClass() != value.getClass()) {
            return value;
        }
        if (old.getClass().isArray()) {
            int n = java.lang.reflect.Array.getLength(old);
            if (n != java.lang.reflect.Array.getLength(value)) {
                return value;
            }
            System.arraycopy(value, 0, old, 0, n);
            return old;
        }
        ObjectFields fields = fieldsOf(old.getClass());
        if (fields == null) {
            return value;
        }
        fields.copyAll(value, old);
        return old;
    }

    /** The fields of {@code type}, or null if its instances are replaced, not changed in place. */
    static ObjectFields fieldsOf(Class<?> type) {
        return FIELDS.get(type);
    }

    /** Writes {@code values[0, n)} into {@code target[at, at+n)} element by element, as {@link #update} does. */
    public static void install(Object[] values, Object[] target, int at, int n) {
        for (int i = 0; i < n; i++) {
            target[at + i] = update(target[at + i], values[i]);
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

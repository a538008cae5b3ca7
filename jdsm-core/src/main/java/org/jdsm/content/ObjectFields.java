package org.jdsm.content;

import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Reflective access to the instance fields of a shared object's class (including inherited ones),
 * so a fetched copy can be installed into the user's object in place and writes can be found
 * field by field.
 */
public final class ObjectFields {

    private final Class<?> type;
    private final Field[] fields;

    private ObjectFields(Class<?> type, Field[] fields) {
        this.type = type;
        this.fields = fields;
    }

    /** Field access for {@code type}; fails with a message naming the class if its fields are closed to us. */
    public static ObjectFields of(Class<?> type) {
        List<Field> found = sharedFields(type);
        for (Field f : found) {
            try {
                f.setAccessible(true);
            } catch (InaccessibleObjectException e) {
                throw new IllegalArgumentException("cannot share an instance of " + type.getName()
                        + ": field " + f.getDeclaringClass().getName() + "." + f.getName()
                        + " is not accessible (JDK-internal class); wrap the value in a class of your own", e);
            }
        }
        return new ObjectFields(type, found.toArray(new Field[0]));
    }

    /**
     * The first field of {@code type} (its own or inherited) that would be shared but that reflection
     * may not open, such as a JDK class's private state in a package not opened to JDSM; null if none.
     */
    public static Field firstClosedField(Class<?> type) {
        for (Field f : sharedFields(type)) {
            if (!f.trySetAccessible()) {
                return f;
            }
        }
        return null;
    }

    /** The instance fields of {@code type} and its superclasses that are shared: not static, not transient. */
    private static List<Field> sharedFields(Class<?> type) {
        List<Field> found = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod)) {
                    found.add(f);
                }
            }
        }
        return found;
    }

    public Class<?> type() {
        return type;
    }

    public int count() {
        return fields.length;
    }

    /** The declared type of field {@code i}. */
    public Class<?> fieldType(int i) {
        return fields[i].getType();
    }

    /** Name of field {@code i}, for error messages. */
    public String name(int i) {
        return fields[i].getDeclaringClass().getSimpleName() + "." + fields[i].getName();
    }

    public Object get(Object target, int i) {
        try {
            return fields[i].get(target);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    public void set(Object target, int i, Object value) {
        try {
            fields[i].set(target, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot write " + name(i), e);
        }
    }

    /** Whether field {@code i} has a primitive type (compare it with {@link #samePrimitive}, without boxing). */
    public boolean isPrimitive(int i) {
        return fields[i].getType().isPrimitive();
    }

    /**
     * Whether primitive field {@code i} holds the same value in {@code a} and {@code b}: bit for bit
     * for floating point (as {@code Double.equals}: a NaN is the same NaN, 0.0 is not -0.0).
     */
    public boolean samePrimitive(Object a, Object b, int i) {
        Field f = fields[i];
        try {
            Class<?> type = f.getType();
            if (type == double.class || type == float.class) {
                return Double.doubleToLongBits(f.getDouble(a)) == Double.doubleToLongBits(f.getDouble(b));
            }
            return type == boolean.class ? f.getBoolean(a) == f.getBoolean(b) : f.getLong(a) == f.getLong(b);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + name(i), e);
        }
    }

    /** Indices of fields whose values differ between {@code current} and {@code twin}, as {@code same} tells. */
    public int[] changed(Object current, Object twin, SameContent same) {
        int[] out = new int[fields.length];
        int n = 0;
        for (int i = 0; i < fields.length; i++) {
            if (!same.sameField(this, current, twin, i)) {
                out[n++] = i;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}

package org.jdsm.content;

import java.util.Arrays;

/**
 * The element types a shared array can have, with the few operations the DSM needs on ranges of
 * them: allocation, a vectorised first-difference search ({@link Arrays#mismatch}) and a per-element
 * equality test. Floating-point values compare by their bits, so -0.0 vs 0.0 counts as a write.
 */
public enum ElementKind {
    DOUBLE(double[].class) {
        @Override Object newArray(int n) { return new double[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((double[]) a, af, af + n, (double[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return Double.doubleToRawLongBits(((double[]) a)[ai]) == Double.doubleToRawLongBits(((double[]) b)[bi]); }
    },
    FLOAT(float[].class) {
        @Override Object newArray(int n) { return new float[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((float[]) a, af, af + n, (float[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return Float.floatToRawIntBits(((float[]) a)[ai]) == Float.floatToRawIntBits(((float[]) b)[bi]); }
    },
    LONG(long[].class) {
        @Override Object newArray(int n) { return new long[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((long[]) a, af, af + n, (long[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return ((long[]) a)[ai] == ((long[]) b)[bi]; }
    },
    INT(int[].class) {
        @Override Object newArray(int n) { return new int[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((int[]) a, af, af + n, (int[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return ((int[]) a)[ai] == ((int[]) b)[bi]; }
    },
    SHORT(short[].class) {
        @Override Object newArray(int n) { return new short[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((short[]) a, af, af + n, (short[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return ((short[]) a)[ai] == ((short[]) b)[bi]; }
    },
    CHAR(char[].class) {
        @Override Object newArray(int n) { return new char[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((char[]) a, af, af + n, (char[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return ((char[]) a)[ai] == ((char[]) b)[bi]; }
    },
    BYTE(byte[].class) {
        @Override Object newArray(int n) { return new byte[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((byte[]) a, af, af + n, (byte[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return ((byte[]) a)[ai] == ((byte[]) b)[bi]; }
    },
    BOOLEAN(boolean[].class) {
        @Override Object newArray(int n) { return new boolean[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((boolean[]) a, af, af + n, (boolean[]) b, bf, bf + n); }
        @Override boolean same(Object a, int ai, Object b, int bi) { return ((boolean[]) a)[ai] == ((boolean[]) b)[bi]; }
    },
    /** Reference elements compare by identity: a shared Object[] publishes replaced elements. */
    OBJECT(Object[].class) {
        @Override Object newArray(int n) { return new Object[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) {
            for (int i = 0; i < n; i++) {
                if (((Object[]) a)[af + i] != ((Object[]) b)[bf + i]) {
                    return i;
                }
            }
            return -1;
        }
        @Override boolean same(Object a, int ai, Object b, int bi) { return ((Object[]) a)[ai] == ((Object[]) b)[bi]; }
    };

    private final Class<?> arrayClass;

    ElementKind(Class<?> arrayClass) {
        this.arrayClass = arrayClass;
    }

    abstract Object newArray(int n);

    /** Index (relative to the range starts) of the first difference in two ranges of length n, or -1. */
    abstract int mismatch(Object a, int aFrom, Object b, int bFrom, int n);

    abstract boolean same(Object a, int aIndex, Object b, int bIndex);

    /** The kind of {@code array}, or null if it is not an array. */
    public static ElementKind of(Object array) {
        Class<?> c = array.getClass();
        if (!c.isArray()) {
            return null;
        }
        if (!c.getComponentType().isPrimitive()) {
            return OBJECT;
        }
        for (ElementKind k : values()) {
            if (k.arrayClass == c) {
                return k;
            }
        }
        throw new IllegalStateException("unexpected array class " + c);
    }

    /** A copy of {@code array[from, from+n)}. */
    public Object copyRange(Object array, int from, int n) {
        Object out = newArray(n);
        System.arraycopy(array, from, out, 0, n);
        return out;
    }
}

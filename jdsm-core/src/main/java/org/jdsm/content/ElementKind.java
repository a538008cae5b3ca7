package org.jdsm.content;

import java.util.Arrays;

/**
 * The element types a shared array can have, with the few operations the DSM needs on ranges of
 * them: allocation, a vectorised first-difference search ({@link Arrays#mismatch}) and the end of a
 * run of differences. Floating-point values compare by their bits, so -0.0 vs 0.0 counts as a write.
 */
public enum ElementKind {
    DOUBLE(double[].class) {
        @Override Object newArray(int n) { return new double[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((double[]) a, af, af + n, (double[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            double[] x = (double[]) a;
            double[] y = (double[]) b;
            int j = from;
            while (j < to && Double.doubleToRawLongBits(x[af + j]) != Double.doubleToRawLongBits(y[j])) {
                j++;
            }
            return j;
        }
    },
    FLOAT(float[].class) {
        @Override Object newArray(int n) { return new float[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((float[]) a, af, af + n, (float[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            float[] x = (float[]) a;
            float[] y = (float[]) b;
            int j = from;
            while (j < to && Float.floatToRawIntBits(x[af + j]) != Float.floatToRawIntBits(y[j])) {
                j++;
            }
            return j;
        }
    },
    LONG(long[].class) {
        @Override Object newArray(int n) { return new long[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((long[]) a, af, af + n, (long[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            long[] x = (long[]) a;
            long[] y = (long[]) b;
            int j = from;
            while (j < to && x[af + j] != y[j]) {
                j++;
            }
            return j;
        }
    },
    INT(int[].class) {
        @Override Object newArray(int n) { return new int[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((int[]) a, af, af + n, (int[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            int[] x = (int[]) a;
            int[] y = (int[]) b;
            int j = from;
            while (j < to && x[af + j] != y[j]) {
                j++;
            }
            return j;
        }
    },
    SHORT(short[].class) {
        @Override Object newArray(int n) { return new short[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((short[]) a, af, af + n, (short[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            short[] x = (short[]) a;
            short[] y = (short[]) b;
            int j = from;
            while (j < to && x[af + j] != y[j]) {
                j++;
            }
            return j;
        }
    },
    CHAR(char[].class) {
        @Override Object newArray(int n) { return new char[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((char[]) a, af, af + n, (char[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            char[] x = (char[]) a;
            char[] y = (char[]) b;
            int j = from;
            while (j < to && x[af + j] != y[j]) {
                j++;
            }
            return j;
        }
    },
    BYTE(byte[].class) {
        @Override Object newArray(int n) { return new byte[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((byte[]) a, af, af + n, (byte[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            byte[] x = (byte[]) a;
            byte[] y = (byte[]) b;
            int j = from;
            while (j < to && x[af + j] != y[j]) {
                j++;
            }
            return j;
        }
    },
    BOOLEAN(boolean[].class) {
        @Override Object newArray(int n) { return new boolean[n]; }
        @Override int mismatch(Object a, int af, Object b, int bf, int n) { return Arrays.mismatch((boolean[]) a, af, af + n, (boolean[]) b, bf, bf + n); }
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            boolean[] x = (boolean[]) a;
            boolean[] y = (boolean[]) b;
            int j = from;
            while (j < to && x[af + j] != y[j]) {
                j++;
            }
            return j;
        }
    },
    /** Reference elements compare by identity (SharedObjectForBlock gives elements equal in content the twin's reference first). */
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
        @Override int runEnd(Object a, int af, Object b, int from, int to) {
            Object[] x = (Object[]) a;
            Object[] y = (Object[]) b;
            int j = from;
            while (j < to && x[af + j] != y[j]) {
                j++;
            }
            return j;
        }
    };

    private final Class<?> arrayClass;

    ElementKind(Class<?> arrayClass) {
        this.arrayClass = arrayClass;
    }

    abstract Object newArray(int n);

    /** True for the primitive element types (every kind but {@link #OBJECT}). */
    public boolean isPrimitive() {
        return this != OBJECT;
    }

    /** Index (relative to the range starts) of the first difference in two ranges of length n, or -1. */
    abstract int mismatch(Object a, int aFrom, Object b, int bFrom, int n);

    /**
     * First index j in [from, to) where {@code a[aFrom + j]} equals {@code b[j]}, or {@code to}: the end
     * of a run of changed elements. One typed loop per kind keeps the per-element cost minimal.
     */
    abstract int runEnd(Object a, int aFrom, Object b, int from, int to);

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

package org.jdsm.bench.harness;

/** Keeps results alive so the JIT cannot drop the work that produced them. */
public final class Blackhole {

    private static volatile long sink;
    private static volatile Object escaped;

    private Blackhole() {
    }

    public static void consume(long value) {
        sink ^= value;
    }

    /** Makes {@code object} escape, so that its allocation cannot be optimized away. */
    public static void consume(Object object) {
        escaped = object;
    }

    /** Consumes an array's length and its last element (touching the data the work produced). */
    public static void consume(double[] array) {
        sink ^= array.length ^ (array.length == 0 ? 0 : Double.doubleToRawLongBits(array[array.length - 1]));
    }
}

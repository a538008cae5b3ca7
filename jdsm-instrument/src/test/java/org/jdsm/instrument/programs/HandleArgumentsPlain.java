package org.jdsm.instrument.programs;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared arrays written through a handle or by reflection that take them other than as an
 * argument of {@code invoke}: bound to the handle ({@code setter.bindTo(a).invoke(i, v)}), in the
 * array or list of {@code invokeWithArguments(a, i, v)}, or given to {@code Method.invoke} of a JDK
 * method ({@code Array.setLong} found by name). Each thread writes an element in a block homed on
 * another node; every node read every block first, so on three or more nodes the copies the
 * barrier made stale sit where neither writer nor home is. Every thread checks every element after
 * a barrier.
 */
public class HandleArgumentsPlain extends Spmd {

    private static final int BLOCK = 4;
    private static final MethodHandle SETTER = MethodHandles.arrayElementSetter(long[].class);

    long[] bound;
    long[] withArguments;
    long[] listed;
    long[] reflected;

    @Override
    public void init() {
        int n = threads() * BLOCK;
        bound = pool.register(new long[n], BLOCK);
        withArguments = pool.register(new long[n], BLOCK);
        listed = pool.register(new long[n], BLOCK);
        reflected = pool.register(new long[n], BLOCK);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a block homed on another node
        long seen = 0;
        for (int i = 0; i < all * BLOCK; i++) { // a copy of each block on every node, made stale below
            seen += bound[i] + withArguments[i] + listed[i] + reflected[i];
        }
        barrier();
        long v = value(r);
        int k = r * BLOCK + 1;
        try {
            SETTER.bindTo(bound).invoke(k, v);
            SETTER.invokeWithArguments(withArguments, k, v);
            SETTER.invokeWithArguments(List.of(listed, k, v));
            Method setLong = Array.class.getMethod("setLong", Object.class, int.class, long.class);
            setLong.invoke(null, reflected, k, v);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "array bound to a handle", i, bound[i * BLOCK + 1], value(i));
            expect(failed, "array given to invokeWithArguments", i, withArguments[i * BLOCK + 1], value(i));
            expect(failed, "array in a list given to invokeWithArguments", i, listed[i * BLOCK + 1], value(i));
            expect(failed, "array given to Method.invoke", i, reflected[i * BLOCK + 1], value(i));
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static long value(int block) {
        return block * 10L + 7;
    }

    /** Adds the first wrong block of {@code what} to {@code failed}. */
    private static void expect(List<String> failed, String what, int i, long got, long want) {
        if (got != want && failed.stream().noneMatch(s -> s.startsWith(what + " "))) {
            failed.add(what + " [" + i + "] " + got + " != " + want);
        }
    }
}

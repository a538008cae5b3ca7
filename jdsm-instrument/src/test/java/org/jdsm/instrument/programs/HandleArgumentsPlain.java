package org.jdsm.instrument.programs;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Shared arrays written through a handle or by reflection that take them other than as an
 * argument of {@code invoke}: bound to the handle ({@code setter.bindTo(a).invoke(i, v)}), in the
 * array or list of {@code invokeWithArguments(a, i, v)}, or given to {@code Method.invoke} of a JDK
 * method ({@code Array.setLong} found by name). Each thread writes an element in a block homed on
 * another node, where every node holds a copy ({@link StaleRowsProgram}, a block for a row).
 */
public class HandleArgumentsPlain extends StaleRowsProgram {

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
        int all = threads();
        int r = otherRow();
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
        report(failed, seen);
    }
}

package org.jdsm.instrument.programs;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared arrays and objects read and written through handles and reflection: {@code
 * VarHandle.set}/{@code get} of an {@code arrayElementVarHandle}, {@code getAndAdd} under a
 * job-wide lock, a {@code MethodHandles.arrayElementSetter}, {@code Array.setInt}/{@code set}/{@code
 * getInt}, {@code Field.setInt} of a single shared object and of an element of a shared {@code
 * Object[]} kept from before a barrier, a {@code byteArrayViewVarHandle}'s longs spanning two
 * blocks, and an {@code AtomicIntegerFieldUpdater} under a job-wide
 * lock. Each thread writes its stride of arrays of two-element blocks; every node read everything
 * first, so on three or more nodes copies the barrier made stale sit where neither writer nor home
 * is. Every thread checks every value after a barrier.
 */
public class HandlesAndReflectionPlain extends Spmd {

    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle LONG_VIEW = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final MethodHandle SET_DOUBLE = MethodHandles.arrayElementSetter(double[].class);
    private static final AtomicIntegerFieldUpdater<Box> COUNT = AtomicIntegerFieldUpdater.newUpdater(Box.class, "count");

    /** A single shared object, and an element of a shared array. */
    public static class Box {
        int v;
        volatile int count;
    }

    int n;
    int[] handled;
    byte[] viewed;
    long[] added;
    double[] setter;
    int[] reflected;
    String[] reflectedObjects;
    Box box;
    Box[] boxes;

    @Override
    public void init() {
        n = 4 * threads();
        handled = pool.register(new int[n], 2);
        viewed = pool.register(new byte[Long.BYTES * threads()], Long.BYTES / 2); // each long spans two blocks
        added = pool.register(new long[1], 1);
        setter = pool.register(new double[n], 2);
        reflected = pool.register(new int[n], 2);
        reflectedObjects = pool.register(new String[n], 2);
        box = pool.register(new Box());
        Box[] all = new Box[threads()];
        for (int i = 0; i < all.length; i++) {
            all[i] = new Box();
        }
        boxes = pool.register(all, 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        long seen = added[0] + box.v + box.count;
        for (int i = 0; i < n; i++) {
            seen += handled[i] + (long) setter[i] + reflected[i] + (reflectedObjects[i] == null ? 0 : 1); // stale copies, below
        }
        for (byte b : viewed) {
            seen += b;
        }
        Box mine = boxes[(t + threadsPerNode()) % all]; // homed on another node
        seen += mine.v;
        barrier();
        try {
            for (int k = 0; k < 4; k++) {
                int i = t + k * all;
                INTS.set(handled, i, value(i));
                SET_DOUBLE.invoke(setter, i, (double) value(i));
                Array.setInt(reflected, i, value(i));
                Array.set(reflectedObjects, i, "s" + i);
            }
            LONG_VIEW.set(viewed, Long.BYTES * t, -1L - t);
            Field v = Box.class.getDeclaredField("v");
            v.setInt(mine, value(t)); // an element kept from before the barrier
            if (t == 0) {
                v.setInt(box, 42);
            }
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        synchronized (this) {
            LONGS.getAndAdd(added, 0, 3L);
            COUNT.incrementAndGet(box);
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expect(failed, "VarHandle.set", i, (int) INTS.get(handled, i), value(i));
            expect(failed, "arrayElementSetter", i, (int) setter[i], value(i));
            expect(failed, "Array.setInt", i, Array.getInt(reflected, i), value(i));
            expect(failed, "Array.set", i, ("s" + i).equals(Array.get(reflectedObjects, i)) ? 1 : 0, 1);
        }
        for (int i = 0; i < all; i++) {
            long got = (long) LONG_VIEW.get(viewed, Long.BYTES * i);
            expect(failed, "byteArrayViewVarHandle", i, got == -1L - i ? 1 : (int) (got >>> 32), 1);
            expect(failed, "Field.setInt of a kept element", i, boxes[i].v, value((i - threadsPerNode() + all) % all));
        }
        expect(failed, "VarHandle.getAndAdd", 0, (int) added[0], 3 * all);
        expect(failed, "AtomicIntegerFieldUpdater", 0, box.count, all);
        expect(failed, "Field.setInt", 0, box.v, 42);
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static int value(int i) {
        return i * 7 + 1;
    }

    /** Adds the first wrong index of {@code what} to {@code failed}. */
    private static void expect(List<String> failed, String what, int i, int got, int want) {
        if (got != want && failed.stream().noneMatch(s -> s.startsWith(what + " "))) {
            failed.add(what + " [" + i + "] " + got + " != " + want);
        }
    }
}

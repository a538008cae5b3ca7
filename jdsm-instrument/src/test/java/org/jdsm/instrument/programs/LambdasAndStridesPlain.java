package org.jdsm.instrument.programs;

import java.util.stream.IntStream;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared arrays of every primitive type written through a stream's lambda, a method reference, a
 * record's method, a switch expression, loops of stride 2 and -3, and compound assignments; then
 * read neighbour data shifted by one ({@code a[i] = b[i + 1]}). Each thread owns a segment whose
 * ends fall inside blocks homed on both nodes; every thread checks everything after a barrier.
 * Args: segment length.
 */
public class LambdasAndStridesPlain extends Spmd {

    /** A record that writes a range of a shared array it holds. */
    record Slice(long[] data, int from, int to) {
        void fill(long base) {
            for (int i = from; i < to; i++) {
                data[i] = base + i;
            }
        }
    }

    int m;
    int[] ints;
    char[] chars;
    byte[] bytes;
    short[] shorts;
    boolean[] flags;
    float[] floats;
    long[] longs;
    double[] doubles;

    @Override
    public void init() {
        m = Integer.parseInt(args().get(0));
        int n = m * threads();
        ints = pool.register(new int[n], 5);
        chars = pool.register(new char[n], 5);
        bytes = pool.register(new byte[n], 5);
        shorts = pool.register(new short[n], 5);
        flags = pool.register(new boolean[n], 5);
        floats = pool.register(new float[n], 5);
        longs = pool.register(new long[n], 5);
        doubles = pool.register(new double[n], 5);
    }

    private void setChar(int i) {
        chars[i] = (char) ('a' + i % 26);
    }

    @Override
    public void start() {
        int from = myThread() * m;
        int to = from + m;
        IntStream.range(from, to).forEach(i -> ints[i] = i * 3);
        IntStream.range(from, to).forEach(this::setChar);
        for (int i = from; i < to; i += 2) {
            bytes[i] = (byte) i;
            bytes[i + 1 < to ? i + 1 : i] += 0; // touches the odd ones without changing them
        }
        for (int i = to - 1; i >= from; i -= 3) {
            shorts[i] = (short) -i;
            shorts[i]++;
        }
        for (int i = from; i < to; i++) {
            flags[i] = switch (i % 3) {
                case 0 -> true;
                case 1 -> false;
                default -> i % 2 == 0;
            };
        }
        new Slice(longs, from, to).fill(1_000_000_000_000L);
        barrier();
        int n = doubles.length;
        for (int i = from; i < to; i++) {
            floats[i] = ints[(i + 1) % n] + 0.5f;  // the neighbour's first element at the end
            doubles[i] = longs[i] * 2.0;
            doubles[i] += chars[i];
        }
        barrier();
        for (int i = 0; i < n; i++) {
            AliasesPlain.check(ints[i] == i * 3, "ints " + i);
            AliasesPlain.check(chars[i] == 'a' + i % 26, "chars " + i);
            int t = i / m;
            AliasesPlain.check(bytes[i] == ((i - t * m) % 2 == 0 ? (byte) i : 0), "bytes " + i + " = " + bytes[i]);
            boolean strided = (t * m + m - 1 - i) % 3 == 0;
            AliasesPlain.check(shorts[i] == (strided ? (short) (1 - i) : 0), "shorts " + i + " = " + shorts[i]);
            AliasesPlain.check(flags[i] == (i % 3 == 0 || i % 3 == 2 && i % 2 == 0), "flags " + i);
            AliasesPlain.check(floats[i] == ((i + 1) % n) * 3 + 0.5f, "floats " + i + " = " + floats[i]);
            AliasesPlain.check(doubles[i] == (1_000_000_000_000L + i) * 2.0 + ('a' + i % 26), "doubles " + i);
        }
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * More shapes of plain access to shared arrays: {@code ^=} on a {@code boolean[]}, {@code +=} on a
 * {@code char[]}, {@code <<=} and {@code *=} on {@code byte[]} and {@code short[]}, {@code long} and
 * {@code double} increments, {@code x = a[i]++} used as a value, an {@code ArithmeticException}
 * caught inside a counted loop that goes on, a generic {@code <T> fill(T[] ..)} over an
 * {@code Integer[]}, {@code Arrays.sort} and {@code Arrays.fill} of ranges that cross blocks,
 * {@code Arrays.setAll} whose lambda reads another shared array, a local record's method and an
 * inner class's instance initializer. Each thread writes a segment homed on the other node; after a
 * barrier every thread checks every element.
 */
public class MoreShapesPlain extends Spmd {
    int m = 6;
    boolean[] flags;
    char[] chars;
    byte[] bytes;
    short[] shorts;
    long[] longs;
    double[] doubles;
    int[] postInc;
    int[] postIncSum;
    int[] excA;
    int[] excB;
    Integer[] generic;
    int[] src;
    int[] dst;
    int[] sorted;
    int[] filled;
    int[] local;
    int[] initBlock;

    @Override
    public void init() {
        int n = m * threads();
        flags = pool.register(new boolean[n], 4);
        chars = pool.register(new char[n], 4);
        bytes = pool.register(new byte[n], 4);
        shorts = pool.register(new short[n], 4);
        for (int i = 0; i < n; i++) { bytes[i] = 1; shorts[i] = 3; chars[i] = 'a'; }
        longs = pool.register(new long[n], 4);
        doubles = pool.register(new double[n], 4);
        postInc = pool.register(new int[n], 4);
        postIncSum = pool.register(new int[threads()], 1);
        excA = pool.register(new int[n], 4);
        excB = pool.register(new int[n], 4);
        generic = pool.register(new Integer[n], 4);
        src = pool.register(new int[n], 4);
        dst = pool.register(new int[n], 4);
        sorted = pool.register(new int[n], 4);
        filled = pool.register(new int[n], 4);
        local = pool.register(new int[n], 4);
        initBlock = pool.register(new int[n], 4);
    }

    static <T> void fill(T[] a, int from, int to, T v) {
        for (int k = from; k < to; k++) {
            a[k] = v;
        }
    }

    /** First used in start(): its initializer writes the job's shared array. */
    class Seg {
        { // instance initializer writing the outer job's shared array
            int b = (myThread() + threadsPerNode()) % threads() * m;
            for (int k = b; k < b + m; k++) {
                initBlock[k] = k + 1;
            }
        }
    }

    @Override
    public void start() {
        int t = myThread();
        int base = (t + threadsPerNode()) % threads() * m;
        int n = m * threads();
        long pre = 0;
        for (int i = 0; i < n; i++) { // read everything once: stale copies
            pre += (flags[i] ? 1 : 0) + chars[i] + bytes[i] + shorts[i]
                + longs[i] + (long) doubles[i] + postInc[i] + excA[i] + excB[i] + (generic[i] == null ? 0 : 1) + src[i]
                + dst[i] + sorted[i] + filled[i] + local[i] + initBlock[i];
        }
        barrier();
        for (int i = base; i < base + m; i++) {
            flags[i] ^= true;
            chars[i] += 1;
            bytes[i] <<= 2;
            shorts[i] *= 5;
            longs[i]++;
            longs[i] += 1L << 40;
            doubles[i] += 0.25;
            doubles[i]++;
        }
        int s = 0;
        for (int i = base; i < base + m; i++) {
            s += postInc[i]++;
            int x = postInc[i]++;
            s += x;
        }
        postIncSum[t] = s + 7;
        for (int k = base; k < base + m; k++) {
            excA[k] = k + 1;
            try {
                excB[k] = 100 / ((k - base) % 3);
            } catch (ArithmeticException e) {
                excB[k] = -1;
            }
        }
        fill(generic, base, base + m, Integer.valueOf(t + 10));
        for (int k = base; k < base + m; k++) {
            src[k] = k + 1;
        }
        for (int k = base + m - 1; k >= base; k--) {
            sorted[k] = k + 1;
        }
        int lo = base + 1;
        int tmp2 = sorted[lo];
        sorted[lo] = sorted[base + m - 2];
        sorted[base + m - 2] = tmp2;
        Arrays.sort(sorted, base + 1, base + m - 1);
        Arrays.fill(filled, base + 1, base + m - 1, 9);
        filled[base] = 9;
        filled[base + m - 1] = 9;
        record Putter(int[] a) { // a local record holding a shared array
            void put(int k) {
                a[k] = k + 1;
            }
        }
        Putter p = new Putter(local);
        for (int k = base; k < base + m; k++) {
            p.put(k);
        }
        new Seg();
        barrier();
        if (t == 0) {
            Arrays.setAll(dst, i -> src[i] * 2);
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int seg = i / m;
            int off = i % m;
            if (!flags[i]) failed.add("flags[" + i + "]");
            if (chars[i] != 'b') failed.add("chars[" + i + "]");
            if (bytes[i] != 4) failed.add("bytes[" + i + "]=" + bytes[i]);
            if (shorts[i] != 15) failed.add("shorts[" + i + "]");
            if (longs[i] != 1 + (1L << 40)) failed.add("longs[" + i + "]");
            if (doubles[i] != 1.25) failed.add("doubles[" + i + "]");
            if (postInc[i] != 2) failed.add("postInc[" + i + "]");
            if (excA[i] != i + 1) failed.add("excA[" + i + "]");
            int eb = off % 3 == 0 ? -1 : 100 / (off % 3);
            if (excB[i] != eb) failed.add("excB[" + i + "]=" + excB[i]);
            int owner = (seg + threads() - threadsPerNode()) % threads();
            if (generic[i] == null || generic[i] != owner + 10) failed.add("generic[" + i + "]=" + generic[i]);
            if (dst[i] != 2 * (i + 1)) failed.add("dst[" + i + "]=" + dst[i]);
            if (sorted[i] != i + 1) failed.add("sorted[" + i + "]=" + sorted[i]);
            if (filled[i] != 9) failed.add("filled[" + i + "]=" + filled[i]);
            if (local[i] != i + 1) failed.add("local[" + i + "]=" + local[i]);
            if (initBlock[i] != i + 1) failed.add("initBlock[" + i + "]=" + initBlock[i]);
        }
        for (int k = 0; k < threads(); k++) {
            if (postIncSum[k] != m + 7) failed.add("postIncSum[" + k + "]=" + postIncSum[k]);
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : failed.toString());
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shapes of plain code that reach shared arrays by other ways than a plain loop: a {@code !=} loop
 * counting down from the wrong side of its bound (left by a break), a loop that runs while
 * {@code k == j}, a loop that runs into the end of a shared array (Java's exception, caught, the
 * writes before it published), an interface's default method, a conditional expression choosing
 * the array, varargs, a string switch, an anonymous class's captured array, and a clone of a
 * shared object made by {@code super.clone()}. Each thread writes a segment homed on another node;
 * every thread checks every element and reports the shapes that lost a write or read stale data.
 */
public class AccessShapesPlain extends Spmd {

    public static class Box implements Cloneable {
        public int v;

        Box copy() {
            try {
                return (Box) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    interface Filler {
        default void fill(int[] a, int from, int to) {
            for (int k = from; k < to; k++) {
                a[k] = k + 1;
            }
        }
    }

    static final class FillerImpl implements Filler {
    }

    /** One shared array each (aioobe writes {@code rows} and clone reads {@code boxes} instead). */
    static final String[] CASES = {"neDescWrongSide", "eqExit", "aioobe", "defaultMethod",
        "ternary", "varargs", "stringSwitch", "anonymous", "clone"};
    int m;
    int[][] arrays;
    int[][] rows;
    Box[] boxes;

    @Override
    public void init() {
        m = 8;
        arrays = new int[CASES.length][];
        for (int c = 0; c < CASES.length; c++) {
            arrays[c] = pool.register(new int[m * threads()], 2);
        }
        rows = new int[threads()][];
        for (int t = 0; t < threads(); t++) {
            rows[t] = pool.register(new int[m], 2);
        }
        boxes = new Box[] {pool.register(new Box()), pool.register(new Box())}; // one is homed away from its writer
    }

    static void varargs(int base, int m, int... xs) {
        for (int k = 0; k < m; k++) {
            xs[base + k] = base + k + 1;
        }
    }

    @Override
    public void start() {
        int t = myThread();
        int base = (t + threadsPerNode()) % threads() * m;
        int seenBefore = boxes[0].copy().v + boxes[1].copy().v;
        for (int[] a : java.util.stream.Stream.concat(java.util.Arrays.stream(arrays), java.util.Arrays.stream(rows))
                .toList()) { // every node reads everything once, so a lost write leaves a stale copy
            long s = 0;
            for (int x : a) {
                s += x;
            }
        }
        barrier();
        // neDescWrongSide
        int[] a0 = arrays[0];
        int to = base + m;
        for (int k = base + m - 1; k != to; k--) {
            a0[k] = k + 1;
            if (k == base) {
                break;
            }
        }
        // eqExit
        int[] a1 = arrays[1];
        for (int j = base; j < base + m; j++) {
            for (int k = j; k == j; k--) {
                a1[k] = k + 1;
            }
        }
        // aioobe
        boolean caught = false;
        int[] row = rows[(t + threadsPerNode()) % threads()];
        try {
            for (int k = 0; k <= m; k++) {
                row[k] = k + 1;
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            caught = true;
        }
        AliasesPlain.check(caught, "aioobe not thrown");
        // defaultMethod
        new FillerImpl().fill(arrays[3], base, base + m);
        // ternary
        int[] other = new int[m * threads()];
        boolean flag = t >= 0;
        for (int k = base; k < base + m; k++) {
            (flag ? arrays[4] : other)[k] = k + 1;
        }
        // varargs
        varargs(base, m, arrays[5]);
        // stringSwitch
        String[] names = {"x", "y", "z"};
        int[] a6 = arrays[6];
        for (int k = base; k < base + m; k++) {
            switch (names[k % 3]) {
                case "x" -> a6[k] = k + 1;
                case "y" -> a6[k] = k + 2 - 1;
                default -> a6[k] = k * 1 + 1;
            }
        }
        // anonymous
        int[] a7 = arrays[7];
        Runnable r = new Runnable() {
            @Override
            public void run() {
                for (int k = base; k < base + m; k++) {
                    a7[k] = k + 1;
                }
            }
        };
        r.run();
        // clone
        if (t == 0) {
            boxes[0].v = 42;
        } else if (t == threadsPerNode()) {
            boxes[1].v = 43;
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int c = 0; c < CASES.length; c++) {
            if (c == 2) {
                for (int[] rr : rows) {
                    for (int k = 0; k < m; k++) {
                        if (rr[k] != k + 1) {
                            failed.add(CASES[c]);
                            k = m;
                        }
                    }
                }
                continue;
            }
            if (c == 8) {
                int seen = boxes[0].copy().v * 100 + boxes[1].copy().v;
                if (seen != 4243) {
                    failed.add("clone saw " + seen + " before " + seenBefore);
                }
                continue;
            }
            for (int k = 0; k < m * threads(); k++) {
                if (arrays[c][k] != k + 1) {
                    failed.add(CASES[c] + "[" + k + "]=" + arrays[c][k]);
                    break;
                }
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Bytecode shapes the rewriter must keep working: switches, every array element type, ternary
 * indices, handlers, nested and exceptional monitors, synchronized methods of every return
 * type, constructor chains, inner classes, static initializers, default methods, lambdas,
 * string concatenation, out-of-bounds and null accesses, clone and arraycopy. {@link #run}
 * returns a transcript; instrumented or not, it must be the same.
 */
public final class Shapes {

    static final int[] TABLE = new int[16];

    static {
        for (int i = 0; i < TABLE.length; i++) {
            TABLE[i] = i * i;
        }
    }

    interface Indexed {
        int[] values();

        default int at(int i) {
            return values()[i];
        }
    }

    /** A chain of constructors that write fields and arrays before and after this(...). */
    static class Node implements Indexed {
        final int[] values;
        long total;
        Node next;

        Node(int size) {
            this(new int[size], size);
            for (int i = 0; i < size; i++) {
                values[i] = i + 1;
                total += values[i];
            }
        }

        Node(int[] values, int size) {
            this.values = values;
            this.total = size > 0 ? values[0] : -1;
        }

        @Override
        public int[] values() {
            return values;
        }

        synchronized long sum() {
            long s = 0;
            for (int v : values) {
                s += v;
            }
            return s;
        }

        synchronized double mean() {
            return values.length == 0 ? 0 : (double) sum() / values.length;
        }

        synchronized Node link(Node other) {
            next = other;
            return this;
        }

        synchronized void failIfEmpty() {
            if (values.length == 0) {
                throw new IllegalArgumentException("empty");
            }
        }
    }

    /** An inner class (its constructor stores the outer instance before super()). */
    final class Inner {
        final char[] letters;

        Inner(String s) {
            letters = s.toCharArray();
            letters[0] = Character.toUpperCase(letters[0]);
        }
    }

    private final List<String> log = new ArrayList<>();

    private Shapes() {
    }

    /** Runs every shape and returns what it saw. */
    public static String run() {
        Shapes s = new Shapes();
        s.arraysOfEveryType();
        s.switches();
        s.handlers();
        s.monitors();
        s.objects();
        s.bulk();
        s.loops();
        return String.join("\n", s.log);
    }

    private void arraysOfEveryType() {
        boolean[] z = new boolean[3];
        byte[] b = new byte[3];
        char[] c = new char[3];
        short[] sh = new short[3];
        int[] in = new int[3];
        long[] l = new long[3];
        float[] f = new float[3];
        double[] d = new double[3];
        String[] o = new String[3];
        for (int i = 0; i < 3; i++) {
            z[i] = i % 2 == 0;
            b[i] = (byte) (i - 100);
            c[i] = (char) ('a' + i);
            sh[i] = (short) (i * 1000);
            in[i] = i > 0 ? in[i - 1] * 3 + 1 : 1;
            l[i] = i > 0 ? l[i - 1] * 1_000_003L : Long.MAX_VALUE / 7;
            f[i] = i * 0.5f;
            d[i] = Math.sqrt(i) + d[i > 1 ? i - 1 : 0];
            o[i] = "s" + i + c[i];
        }
        long[][] grid = new long[3][4];
        grid[1][2] += l[2];
        grid[2][(in[1] & 1) == 0 ? 0 : 3]--;
        log.add(java.util.Arrays.toString(z) + java.util.Arrays.toString(b) + new String(c)
                + java.util.Arrays.toString(sh) + java.util.Arrays.toString(in) + java.util.Arrays.toString(l)
                + java.util.Arrays.toString(f) + java.util.Arrays.toString(d) + java.util.Arrays.toString(o)
                + java.util.Arrays.deepToString(grid));
    }

    private void switches() {
        StringBuilder sb = new StringBuilder();
        int[] hits = new int[8];
        for (int i = 0; i < 20; i++) {
            switch (i % 5) {
                case 0 -> hits[0]++;
                case 1 -> hits[1] += TABLE[i % 16];
                case 2 -> {
                    hits[2] = hits[1] - hits[0];
                }
                default -> hits[3 + i % 5] ^= i;
            }
            switch (i * 1000) {
                case 3000 -> sb.append('x');
                case 17000 -> sb.append(TABLE[3]);
                case -1 -> sb.append("never");
                default -> sb.append(hits[i % 8] & 1);
            }
        }
        outer:
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                if (TABLE[i * 4 + j] > 50) {
                    sb.append("break@").append(i).append(j);
                    break outer;
                }
            }
        }
        log.add(sb + java.util.Arrays.toString(hits));
    }

    private void handlers() {
        int[] a = new int[2];
        int[] missing = null;
        StringBuilder sb = new StringBuilder();
        try {
            a[5] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append("aioobe:").append(e.getMessage()).append(';');
            a[0] = 7;
        }
        try {
            sb.append(missing[0]);
        } catch (NullPointerException e) {
            sb.append("npe;").append(a[0]);
        } finally {
            a[1] = a[0] * 2;
        }
        try {
            a[-1]++;
        } catch (RuntimeException e) {
            sb.append(e.getClass().getSimpleName()).append(a[1]);
        }
        log.add(sb.toString());
    }

    private void monitors() {
        Object lockA = new Object();
        Object lockB = new Object();
        int[] counts = new int[3];
        synchronized (lockA) {
            counts[0]++;
            synchronized (lockB) {
                counts[1]++;
                lockB.notifyAll();
            }
            try {
                synchronized (lockB) {
                    counts[2] = counts[0] + counts[1];
                    throw new IllegalStateException("inside");
                }
            } catch (IllegalStateException e) {
                counts[2] *= 10;
            }
        }
        synchronized (lockA) {
            try {
                lockA.wait(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        log.add(java.util.Arrays.toString(counts) + Thread.holdsLock(lockA) + Thread.holdsLock(lockB));
    }

    private void objects() {
        Node n = new Node(5).link(new Node(new int[0], 0));
        String failed;
        try {
            n.next.failIfEmpty();
            failed = "no";
        } catch (IllegalArgumentException e) {
            failed = e.getMessage();
        }
        Inner inner = new Inner("jdsm");
        IntUnaryOperator twice = i -> TABLE[i] * 2 + n.at(i % 5);
        int lambdaSum = 0;
        for (int i = 0; i < 10; i++) {
            lambdaSum += twice.applyAsInt(i);
        }
        log.add(n.total + " " + n.sum() + " " + n.mean() + " " + n.next.total + " " + failed + " "
                + new String(inner.letters) + " " + lambdaSum + " " + Thread.holdsLock(n));
    }

    private double[] field = {1, 2, 3, 4, 5, 6, 7, 8};
    private int[] missing;

    /** Counted loops whose checks move before the loop: every bound, direction and step, and odd cases. */
    private void loops() {
        int n = field.length;
        double[][] grid = new double[4][n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += field[i] * (i + 1);
        }
        for (int i = 1; i <= n - 2; i += 2) {
            field[i] = field[i - 1] + field[i + 1];
        }
        for (int i = n - 1; i > 0; i--) {
            field[i] += field[i - 1];
        }
        for (int i = n - 1; i >= 0; i -= 3) {
            sum -= field[i];
        }
        for (int r = 0; r < grid.length; r++) {
            double[] row = grid[r];
            for (int j = 0; j < row.length; j++) {
                row[j] = r * 10 + j + grid[r][Math.max(0, j - 1)];
            }
        }
        int guarded = 0;
        for (int i = 0; i < n; i++) {
            if (missing != null) {
                guarded += missing[i]; // never reached: the null array must not fail the loop
            }
        }
        int outside = grid.length;
        for (int j = 0; j < n; j++) {
            if (outside < grid.length) {
                sum += grid[outside][j]; // never reached: evaluating grid[outside] before the loop throws
            }
        }
        int stopped = 0;
        for (int i = 0; i < n; i++) {
            if (field[i] > 20) {
                break;
            }
            stopped = i;
        }
        String thrown = "none";
        try {
            for (int i = 0; i < n + 2; i++) {
                field[i] = -field[i];
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            thrown = e.getMessage();
        }
        log.add(sum + " " + java.util.Arrays.toString(field) + " " + java.util.Arrays.deepToString(grid) + " "
                + guarded + " " + stopped + " " + thrown);
    }

    private void bulk() {
        int[] src = TABLE.clone();
        int[] dst = new int[20];
        System.arraycopy(src, 2, dst, 5, 10);
        int[][] deep = {src, dst};
        int[][] shallow = deep.clone();
        shallow[0][0] = -1;
        log.add(java.util.Arrays.toString(dst) + TABLE[0] + src[0] + deep[0][0]);
    }
}

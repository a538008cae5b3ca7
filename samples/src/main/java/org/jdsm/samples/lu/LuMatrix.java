package org.jdsm.samples.lu;

import org.jdsm.samples.support.Drand48;

/**
 * SPLASH-2 LU's input: {@code a(i,j) = lrand48() / 32767.0} after {@code srand48(1)}, generated
 * column by column, the diagonal scaled by 10; the right-hand side is the row sums, so the
 * solution is all ones.
 */
final class LuMatrix {

    private static final double MAXRAND = 32767.0;

    private LuMatrix() {
    }

    /** The matrix in {@code layout}'s flat array. */
    static double[] generate(LuSize size, LuLayout layout) {
        double[] a = new double[layout.length()];
        Drand48 random = new Drand48(1);
        for (int j = 0; j < size.n(); j++) {
            for (int i = 0; i < size.n(); i++) {
                a[layout.index(i, j)] = element(random, i, j);
            }
        }
        return a;
    }

    /** The right-hand side: row sums of the generated matrix, accumulated column by column as SPLASH-2 does. */
    static double[] rowSums(LuSize size) {
        double[] rhs = new double[size.n()];
        Drand48 random = new Drand48(1);
        for (int j = 0; j < size.n(); j++) {
            for (int i = 0; i < size.n(); i++) {
                rhs[i] += element(random, i, j);
            }
        }
        return rhs;
    }

    private static double element(Drand48 random, int i, int j) {
        double v = random.lrand48() / MAXRAND;
        return i == j ? v * 10 : v;
    }
}

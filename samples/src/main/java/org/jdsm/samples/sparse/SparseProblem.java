package org.jdsm.samples.sparse;

import java.util.Random;
import org.jdsm.samples.support.Split;

/**
 * JGF SparseMatmult's input and kernel. From {@code Random(10101010)}: the vector
 * {@code x[i] = nextDouble() * 1e-6}, then per entry {@code row = |nextInt()| % n},
 * {@code col = |nextInt()| % n}, {@code val = nextDouble()}. As in JGF's multithreaded version,
 * the entries are grouped (stably) by the thread whose chunk of rows they fall in, so every
 * thread adds into its own rows of {@code y}, and each {@code y[r]} sees its terms in generation
 * order whatever the thread count.
 */
final class SparseProblem {

    private static final long SEED = 10_101_010L;

    final SparseSize size;
    final double[] x;
    /** Row of each entry in generation order, for JGF's {@code ytotal}. */
    private final int[] generatedRows;
    private final int[] row;
    private final int[] col;
    private final double[] val;
    /** Entries of part {@code p} are {@code [partStart[p], partStart[p + 1])}. */
    private final int[] partStart;
    private final int parts;

    /** Generates the problem with its entries grouped for {@code parts} threads. */
    SparseProblem(SparseSize size, int parts) {
        this.size = size;
        this.parts = parts;
        int n = size.n();
        int nz = size.nonzeros();
        Random r = new Random(SEED);
        x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble() * 1e-6;
        }
        generatedRows = new int[nz];
        int[] cols = new int[nz];
        double[] vals = new double[nz];
        for (int k = 0; k < nz; k++) {
            generatedRows[k] = Math.abs(r.nextInt()) % n;
            cols[k] = Math.abs(r.nextInt()) % n;
            vals[k] = r.nextDouble();
        }
        int chunk = Split.chunk(parts, n);
        partStart = new int[parts + 1];
        for (int k = 0; k < nz; k++) {
            partStart[generatedRows[k] / chunk + 1]++;
        }
        for (int p = 0; p < parts; p++) {
            partStart[p + 1] += partStart[p];
        }
        int[] next = partStart.clone();
        row = new int[nz];
        col = new int[nz];
        val = new double[nz];
        for (int k = 0; k < nz; k++) {
            int to = next[generatedRows[k] / chunk]++;
            row[to] = generatedRows[k];
            col[to] = cols[k];
            val[to] = vals[k];
        }
    }

    /** Part {@code p}'s rows of {@code y = A x}, accumulated {@code iterations} times (JGF's kernel). */
    void multiply(double[] y, int p) {
        int from = partStart[p];
        int to = partStart[p + 1];
        for (int it = 0; it < size.iterations(); it++) {
            for (int k = from; k < to; k++) {
                y[row[k]] += x[col[k]] * val[k];
            }
        }
    }

    /** First row of part {@code p}. */
    int firstRow(int p) {
        return Split.chunkStart(p, parts, size.n());
    }

    /** One past the last row of part {@code p}. */
    int endRow(int p) {
        return Split.chunkEnd(p, parts, size.n());
    }

    /**
     * JGF's {@code ytotal}: {@code y[row]} summed over the entries. Summed in generation order
     * (JGF's order with one thread), so the checksum does not depend on the thread count.
     */
    double total(double[] y) {
        double sum = 0;
        for (int r : generatedRows) {
            sum += y[r];
        }
        return sum;
    }
}

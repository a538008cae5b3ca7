package org.jdsm.bench.instrument.jobs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LuKernelTest {

    private static final int N = 48;
    private static final int B = 8;

    @Test
    void factorsTheInputIntoLowerTimesUnitUpper() {
        LuKernel lu = new LuKernel(List.of("" + N, "" + B), 1);
        double[] input = lu.matrix();
        double[] m = factor(lu, input, 1);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                double sum = 0;
                for (int p = 0; p <= Math.min(i, j); p++) {
                    sum += at(lu, m, i, p) * (p == j ? 1 : at(lu, m, p, j));
                }
                assertEquals(at(lu, input, i, j), sum, 1e-9 * N, "element (" + i + ", " + j + ")");
            }
        }
    }

    @Test
    void anyThreadCountGivesTheSameBitsAndEveryBlockOneOwner() {
        LuKernel one = new LuKernel(List.of("" + N, "" + B), 1);
        double[] expected = factor(one, one.matrix(), 1);
        for (int threads : new int[] {2, 3, 4, 6}) {
            LuKernel lu = new LuKernel(List.of("" + N, "" + B), threads);
            assertArrayEquals(expected, factor(lu, lu.matrix(), threads), threads + " threads");
            int[] all = IntStream.range(0, threads).flatMap(t -> Arrays.stream(lu.owned(t))).sorted().toArray();
            assertArrayEquals(IntStream.range(0, lu.blocks() * lu.blocks()).map(k -> k * B * B).toArray(), all);
        }
    }

    /** Runs the threads' phases one after the other, as the barriers order them. */
    private static double[] factor(LuKernel lu, double[] input, int threads) {
        double[] m = new double[input.length];
        for (int me = 0; me < threads; me++) {
            lu.copy(input, m, me);
        }
        for (int k = 0; k < lu.blocks(); k++) {
            lu.factorDiagonal(m, k);
            for (int me = 0; me < threads; me++) {
                lu.divide(m, k, me);
            }
            for (int me = 0; me < threads; me++) {
                lu.updateInterior(m, k, me);
            }
        }
        return m;
    }

    private static double at(LuKernel lu, double[] m, int i, int j) {
        return m[lu.offset(i / B, j / B) + i % B + j % B * B];
    }
}

package org.jdsm.bench.instrument.jobs;

/**
 * LU through the explicit API, as the Lu sample does it: each iteration a thread acquires all its
 * blocks, copies its blocks of the input in, and releases each block after its last change (the
 * diagonal block after {@code lu0}, the blocks of column and row K after dividing them); before
 * reading the blocks of step K it updates them. Args: N, B.
 */
public class LuExplicit extends LuJob {

    @Override
    protected void iterate(int iterations) {
        int me = myThread();
        int[] owned = lu.owned(me);
        for (int it = 0; it < iterations; it++) {
            for (int block : owned) {
                pool.acquire(matrix, block);
            }
            lu.copy(input, matrix, me);
            for (int k = 0; k < lu.blocks(); k++) {
                int diagonal = lu.offset(k, k);
                if (lu.owner(k, k) == me) {
                    lu.factorDiagonal(matrix, k);
                    pool.release(matrix, diagonal);
                }
                barrier();
                int[] divided = lu.divided(k, me);
                if (divided.length > 0) {
                    pool.update(matrix, diagonal);
                    lu.divide(matrix, k, me);
                }
                for (int block : divided) {
                    pool.release(matrix, block);
                }
                barrier();
                for (int block : lu.operands(k, me)) {
                    pool.update(matrix, block);
                }
                lu.updateInterior(matrix, k, me);
            }
        }
    }

    @Override
    protected double checksum() {
        pool.update(matrix);
        return SorKernel.sum(matrix);
    }
}

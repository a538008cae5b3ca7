package org.jdsm.samples.support;

import org.jdsm.SharedObjectPool;

/**
 * The synchronization a kernel does around shared array elements, so one kernel serves both runs:
 * on JDSM each call is the explicit pool operation ({@code update}, {@code acquire},
 * {@code release}, {@code barrier}); on plain Java threads only the barrier remains.
 */
public interface SharedAccess {

    /** Before reading the block of {@code array} holding {@code index}: JDSM {@code update}. */
    void read(Object array, int index);

    /**
     * The block holding {@code index} will be read soon: JDSM starts fetching it now
     * ({@code updateAsync}, not touched), so that several fetches overlap; the {@link #read}
     * before the access is still needed.
     */
    void prefetch(Object array, int index);

    /** As {@link #prefetch(Object, int)} for every block holding {@code [from, to)}, in one call. */
    void prefetch(Object array, int from, int to);

    /** {@link #read} of the blocks holding each of {@code indices}, with all their fetches started first. */
    default void readAll(Object array, int... indices) {
        for (int index : indices) {
            prefetch(array, index);
        }
        for (int index : indices) {
            read(array, index);
        }
    }

    /** Before writing the block holding {@code index}: JDSM {@code acquire}. */
    void write(Object array, int index);

    /** After writing the block holding {@code index}: JDSM {@code release}. */
    void written(Object array, int index);

    /** All threads meet; writes before it are visible after it. */
    void barrier();

    /** The explicit JDSM calls on {@code pool}. */
    static SharedAccess dsm(SharedObjectPool pool) {
        return new SharedAccess() {
            @Override
            public void read(Object array, int index) {
                pool.update(array, index);
            }

            @Override
            public void prefetch(Object array, int index) {
                pool.updateAsync(array, index);
            }

            @Override
            public void prefetch(Object array, int from, int to) {
                pool.updateAsync(array, from, to);
            }

            @Override
            public void write(Object array, int index) {
                pool.acquire(array, index);
            }

            @Override
            public void written(Object array, int index) {
                pool.release(array, index);
            }

            @Override
            public void barrier() {
                pool.barrier();
            }
        };
    }

    /** Plain Java threads: memory is shared by the hardware, only {@code barrier} acts. */
    static SharedAccess plain(PlainTeam.Barrier barrier) {
        return new SharedAccess() {
            @Override
            public void read(Object array, int index) {
            }

            @Override
            public void prefetch(Object array, int index) {
            }

            @Override
            public void prefetch(Object array, int from, int to) {
            }

            @Override
            public void write(Object array, int index) {
            }

            @Override
            public void written(Object array, int index) {
            }

            @Override
            public void barrier() {
                barrier.await();
            }
        };
    }
}

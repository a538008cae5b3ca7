package org.jdsm.launch.jobs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;

/**
 * A job whose rank 1 fills its heap for good, down to the last few bytes, while the others wait in
 * a barrier: nothing on that node can allocate any more, not even to report the failure.
 */
public class FillsItsHeap extends Spmd {

    /** Never let go of: the heap stays full. */
    private static final List<Object> HOARD = new ArrayList<>();

    @Override
    public void start() {
        if (myThread() == threadsPerNode()) { // the first thread of rank 1
            for (int chunk = 1 << 20; chunk > 0; ) {
                try {
                    HOARD.add(new byte[chunk]);
                } catch (OutOfMemoryError full) {
                    chunk /= 2;
                }
            }
            throw new IllegalStateException("the heap is full");
        }
        barrier();
    }
}

package org.jdsm.samples.pi;

import org.jdsm.Spmd;
import org.jdsm.samples.support.WorkQueue;

/**
 * JESSICA's pi integration on JDSM, with the work handed out through a shared queue under a lock:
 * each thread repeatedly takes the next chunk (the queue's write lock: {@code acquire} the queue,
 * take, {@code release}), integrates it and stores the chunk's sum in a shared array
 * ({@code acquire}/{@code release} of that element's block). After a barrier node 0 adds the
 * chunk sums in order and checks the result against {@link Math#PI}.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.pi.Pi [INTERVALS] [CHUNKS]}
 * (default: 50,000,000 intervals in 500 chunks).
 */
public class Pi extends Spmd {

    private PiSize size;
    private WorkQueue queue;
    private double[] chunkSums;

    @Override
    public void init() {
        size = PiSize.parse(args());
        queue = pool.register(new WorkQueue());
        // One block per chunk: whoever takes a chunk writes its sum without waiting for other writers.
        chunkSums = pool.register(new double[size.chunks()], 1);
    }

    @Override
    public void start() {
        barrier();
        long began = System.nanoTime();
        int taken = 0;
        for (int c = queue.take(pool, size.chunks()); c < size.chunks(); c = queue.take(pool, size.chunks())) {
            double sum = PiKernel.chunk(size, c);
            pool.acquire(chunkSums, c);
            chunkSums[c] = sum;
            pool.release(chunkSums, c);
            taken++;
        }
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(chunkSums);
            PiReference.validate(size, PiKernel.total(chunkSums), nodes() + " nodes x " + threadsPerNode()
                    + " threads, thread 0 took " + taken + " chunks, kernel " + millis + " ms");
        }
    }
}

package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/**
 * Thread 1 acquires block 0 and keeps it {@code args[0]} ms; thread 0 asks for the same block a
 * moment later and waits for it, with {@code acquire}, or with {@code acquireAsync} and
 * {@code touch()} if {@code args[1]} is {@code async} (then the job ends normally). One node, two threads.
 */
public class HeldBySibling extends Spmd {
    private double[] data;

    @Override
    public void init() {
        data = pool.register(new double[4], 4);
    }

    @Override
    public void start() {
        long holdMillis = Long.parseLong(args().get(0));
        if (myThread() == 1) {
            pool.acquire(data, 0);
            pause(holdMillis);
            data[0] = 1;
            pool.release(data, 0);
        } else {
            pause(300);
            if (args().size() > 1 && args().get(1).equals("async")) {
                pool.acquireAsync(data, 0).touch();
            } else {
                pool.acquire(data, 0);
            }
            pool.release(data, 0);
            System.out.println("thread 0 got the block");
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

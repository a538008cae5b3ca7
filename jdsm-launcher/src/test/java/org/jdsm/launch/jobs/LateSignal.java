package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** Rank 0 waits on lock "go" until rank 1, {@code args[0]} ms late, sets the flag and signals. */
public class LateSignal extends Spmd {
    private long[] flag;

    @Override
    public void init() {
        flag = pool.register(new long[1], 1);
    }

    @Override
    public void start() {
        if (myNode() == 0) {
            pool.lock("go");
            pool.update(flag);
            while (flag[0] == 0) {
                pool.await("go");
                pool.update(flag);
            }
            pool.unlock("go");
            System.out.println("rank 0 was signalled");
        } else if (myNode() == 1) {
            try {
                Thread.sleep(Long.parseLong(args().get(0)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool.lock("go");
            pool.acquire(flag);
            flag[0] = 1;
            pool.release(flag);
            pool.signalAll("go");
            pool.unlock("go");
        }
    }
}

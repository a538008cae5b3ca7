package org.jdsm.trans;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One lane per source: tasks of a lane run one at a time in submission order on a shared executor,
 * different lanes run in parallel. This keeps per-pair FIFO without a thread per peer.
 */
final class SerialLanes {

    private final Lane[] lanes;

    SerialLanes(int count, Executor executor) {
        lanes = new Lane[count];
        for (int i = 0; i < count; i++) {
            lanes[i] = new Lane(executor);
        }
    }

    void submit(int lane, Runnable task) {
        lanes[lane].submit(task);
    }

    private static final class Lane implements Runnable {
        private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean scheduled = new AtomicBoolean();
        private final Executor executor;

        Lane(Executor executor) {
            this.executor = executor;
        }

        void submit(Runnable task) {
            tasks.add(task);
            if (scheduled.compareAndSet(false, true)) {
                executor.execute(this);
            }
        }

        @Override
        public void run() {
            // Drain a bounded batch, then yield the worker so one busy peer cannot starve the others.
            for (int i = 0; i < 64; i++) {
                Runnable task = tasks.poll();
                if (task == null) {
                    break;
                }
                task.run();
            }
            scheduled.set(false);
            if (!tasks.isEmpty() && scheduled.compareAndSet(false, true)) {
                executor.execute(this);
            }
        }
    }
}

package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain {@code wait()} on a shared object's monitor, interrupted: thread 0 interrupts itself
 * before it waits, then is interrupted by a thread of its own while it waits. As with Java's
 * {@code wait}, each time it must catch {@link InterruptedException}, no longer be interrupted,
 * and still hold the monitor (its write after the wait counts once). Every thread then adds to
 * the same counter under the monitor, which must count every add after a barrier.
 */
public class InterruptedWaitPlain extends Spmd {

    /** A counter whose monitor is the job-wide lock. */
    public static class Box {
        long value;
    }

    Box box;

    @Override
    public void init() {
        box = pool.register(new Box());
    }

    @Override
    public void start() {
        String verdict = "ok";
        if (myThread() == 0) {
            Thread waiter = Thread.currentThread();
            verdict = waitUntilInterrupted("interrupted before wait()", waiter::interrupt);
            String second = waitUntilInterrupted("interrupted in wait()", () -> new Thread(() -> {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
                waiter.interrupt();
            }).start());
            verdict = verdict.equals("ok") ? second : verdict;
        }
        synchronized (box) {
            box.value++;
        }
        barrier();
        long want = threads() + 2 * 100L;
        synchronized (box) {
            if (verdict.equals("ok") && box.value != want) {
                verdict = "counter " + box.value + " after the barrier, want " + want;
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), verdict);
    }

    /**
     * Enters the box's monitor, runs {@code interrupt} (inside: entering may wait), waits until
     * interrupted (at most 10 s) and adds 100 under the monitor after the wait.
     */
    private String waitUntilInterrupted(String what, Runnable interrupt) {
        String verdict = what + ": wait() ended without InterruptedException";
        synchronized (box) {
            interrupt.run();
            try {
                box.wait(10_000);
            } catch (InterruptedException e) {
                verdict = Thread.currentThread().isInterrupted() ? what + ": still interrupted after the InterruptedException" : "ok";
            }
            box.value += 100;
        }
        return verdict;
    }
}

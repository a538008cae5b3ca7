package org.jdsm.samples.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a plain-Java SPMD body on a team of threads in this JVM (hardware shared memory): the
 * reference the DSM runs are compared with, in results and in time.
 */
public final class PlainTeam {

    /** The body one thread of the team runs. */
    @FunctionalInterface
    public interface Member {
        void run(int id, Barrier barrier);
    }

    /** The team's barrier. */
    @FunctionalInterface
    public interface Barrier {
        void await();
    }

    private PlainTeam() {
    }

    /** Runs {@code body} on {@code threads} threads and waits for all; rethrows the first failure. */
    public static void run(int threads, Member body) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier cyclic = new CyclicBarrier(threads);
        Barrier barrier = () -> {
            try {
                cyclic.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted in barrier", e);
            } catch (BrokenBarrierException e) {
                throw new IllegalStateException("barrier broken: another thread failed", e);
            }
        };
        List<Thread> team = new ArrayList<>();
        for (int id = 0; id < threads; id++) {
            int me = id;
            Thread t = new Thread(() -> {
                try {
                    body.run(me, barrier);
                } catch (Throwable e) {
                    if (failure.compareAndSet(null, e)) {
                        team.forEach(Thread::interrupt); // the others' next barrier fails, so the team ends
                    }
                }
            }, "plain-" + id);
            team.add(t);
        }
        team.forEach(Thread::start);
        for (Thread t : team) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the team", e);
            }
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        if (e != null) {
            throw new IllegalStateException(e);
        }
    }
}

package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Threads take turns in thread order through a shared object's {@code synchronized} method that
 * {@code wait()}s until the turn counter names the caller and then passes on with
 * {@code notifyAll()}; with several threads per node, several threads of a node sleep on the same
 * Java monitor at once. Each thread checks the counter it sees on its turn, that every pass
 * counted, and that the passes went at the pace of a wake-up (a few ms each at most), not of the
 * pool's 100 ms re-check of a wait that no wake-up reached.
 */
public class ManyWaitersPerNodePlain extends Spmd {

    /** Most ms one pass may take on average: a wake-up that reaches its sleeper costs well under 1 ms. */
    private static final long MAX_MILLIS_PER_PASS = 15;

    /** The turn counter, whose monitor is the job-wide lock. */
    public static class Turn {
        long pass;

        /** Waits until it is {@code me}'s turn; returns the pass seen then and passes on. */
        synchronized long take(int me, int threads) throws InterruptedException {
            while (pass % threads != me) {
                wait();
            }
            long seen = pass++;
            notifyAll();
            return seen;
        }
    }

    Turn turn;

    @Override
    public void init() {
        turn = pool.register(new Turn());
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        int me = myThread();
        String verdict = "ok";
        barrier();
        long began = System.nanoTime();
        try {
            for (int r = 0; r < rounds; r++) {
                long seen = turn.take(me, threads());
                long mine = (long) r * threads() + me;
                if (seen != mine && verdict.equals("ok")) {
                    verdict = "saw pass " + seen + " on turn " + mine;
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        long millis = (System.nanoTime() - began) / 1_000_000;
        barrier();
        long passes = (long) rounds * threads();
        synchronized (turn) {
            if (verdict.equals("ok") && turn.pass != passes) {
                verdict = "passes " + turn.pass + " after the barrier, want " + passes;
            }
        }
        if (verdict.equals("ok") && millis > MAX_MILLIS_PER_PASS * passes) {
            verdict = passes + " passes took " + millis + " ms";
        }
        Results.put(getClass().getSimpleName() + me, verdict);
    }
}

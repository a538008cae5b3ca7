package org.jdsm.protocol.suite;

import org.jdsm.Spmd;

/**
 * A job whose threads each take references into the elements of a shared {@code Object[]} once, in
 * {@code start()}, and then only ever write through them: each step picks (seeded) a part of an
 * element and increments it under a lock of that part's own, so every node writes parts of the same
 * elements at once. Checked after every lock and barrier: the element still holds what was kept
 * ({@link #check}) and a part never goes back under its lock; after each phase every part equals the
 * increments the seeded choices made (none lost).
 *
 * @param <E> the element class
 * @param <K> what a thread keeps of one element
 */
public abstract class KeptPartsJob<E, K> extends Spmd {

    private E[] shared;

    /** The elements to register, all in one block. */
    protected abstract E[] elements();

    /** What a thread takes of {@code element} once. */
    protected abstract K keep(E element);

    /** Parts per element. */
    protected abstract int parts();

    /** Fails with a {@link Check} if {@code element} no longer holds what {@code kept} took of it. */
    protected abstract void check(E element, K kept, String after);

    protected abstract long read(K kept, int part);

    protected abstract void write(K kept, int part, long value);

    @Override
    public void init() {
        E[] elements = elements();
        shared = pool.register(elements, elements.length);
    }

    @Override
    public void start() {
        JobArgs args = JobArgs.of(this);
        JobArgs.Plan plan = args.plan(myThread());
        int n = shared.length;
        int parts = parts();
        pool.update(shared, 0, n);
        @SuppressWarnings("unchecked")
        K[] kept = (K[]) new Object[n];
        for (int e = 0; e < n; e++) {
            kept[e] = keep(shared[e]);
        }
        long[][] lastSeen = new long[n][parts];
        for (int phase = 0; phase < plan.phases(); phase++) {
            for (int i = 0; i < plan.iterations(); i++) {
                int choice = plan.choices().nextInt(n * parts);
                int e = choice / parts;
                int part = choice % parts;
                String lock = "e" + e + "-part" + part;
                pool.lock(lock);
                pool.readCheck(shared, e);
                check(shared[e], kept[e], "lock " + lock + " on node " + myNode());
                long seen = read(kept[e], part);
                Check.that(seen >= lastSeen[e][part], () -> lock + " went back from " + lastSeen[e][part] + " to " + seen);
                JobArgs.maybePause(plan.pauses(), 3, 150_000);
                pool.writeCheck(shared, e);
                write(kept[e], part, seen + 1);
                lastSeen[e][part] = seen + 1;
                JobArgs.maybePause(plan.pauses(), 3, 150_000);
                pool.unlock(lock);
            }
            barrier();
            for (int e = 0; e < n; e++) {
                pool.readCheck(shared, e);
                check(shared[e], kept[e], "barrier on node " + myNode());
            }
            int phasesDone = phase + 1;
            long[] expected = args.replayed(threads(), phasesDone * plan.iterations(), n * parts, r -> r.nextInt(n * parts));
            for (int c = 0; c < expected.length; c++) {
                int e = c / parts;
                int part = c % parts;
                Check.equal(expected[c], read(kept[e], part), () -> "element " + e + " part " + part
                        + " through the kept references after phase " + phasesDone + " (lost increments)");
            }
            barrier();
        }
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jdsm.instrument.Results;

/**
 * Plain code that bumps parts of JDK collections (CollectionBag) held by a single shared object and
 * by the two elements of a shared {@code Object[]} (one block), each part under a lock of its own
 * ({@code pool.lock(name)}), no acquire or release (the second element's written straight through
 * {@code two[1]}, the others through a method of the bag): every thread of every node picks parts at random
 * (seeded), reads the part three times under its lock (it must not change, nor go back from what
 * this thread saw last), then adds one. After each phase every count must equal what the replayed
 * choices of all threads add up to, and every container keep its shape. Args: phases, iterations, seed.
 */
public class CollectionPartsPlain extends CollectionBagsJob {

    private static Random choices(long seed, int thread) {
        return new Random(seed * 1_000_003L + thread);
    }

    /** As CollectionBag.bump, written straight on the element: {@code two[1].list.set(k, ..)}, {@code two[1].jobs.get(k).count++}. */
    private void bumpInPlace(int c, int k) {
        switch (c) {
            case 0 -> two[1].list.set(k, two[1].list.get(k) + 1);
            case 1 -> two[1].linked.set(k, two[1].linked.get(k) + 1);
            case 2 -> two[1].hash.merge("h" + k, 1L, Long::sum);
            case 3 -> two[1].linkedMap.put("m" + (k + 1), two[1].linkedMap.get("m" + (k + 1)) + 1);
            case 4 -> two[1].tree.compute(10 * k, (key, v) -> v + 1);
            case 5 -> two[1].concurrent.compute("c" + k, (key, v) -> v + 1);
            case 6 -> two[1].jobs.get(k).count++;
            case 7 -> two[1].linkedJobs.get(k).count += 1;
            case 8 -> two[1].jobMap.get("j" + k).bump();
            case 9 -> two[1].linkedJobMap.get("j" + (k + 1)).count++;
            case 10 -> {
                CollectionBag.Job j = two[1].jobTree.get(k);
                j.count++;
            }
            default -> two[1].concurrentJobs.get("j" + k).bump();
        }
    }

    @Override
    public void start() {
        int phases = Integer.parseInt(args().get(0));
        int iterations = Integer.parseInt(args().get(1));
        long seed = Long.parseLong(args().get(2));
        int me = myThread();
        int all = threads();
        Random mine = choices(seed, me);
        Random pauses = new Random(seed + 7 * me);
        long[] lastSeen = new long[BAGS * PARTS];
        List<String> failed = new ArrayList<>();
        Random[] replay = new Random[all];
        for (int t = 0; t < all; t++) {
            replay[t] = choices(seed, t);
        }
        long[] expected = new long[BAGS * PARTS];
        for (int phase = 1; phase <= phases && failed.isEmpty(); phase++) {
            for (int i = 0; i < iterations; i++) {
                int choice = mine.nextInt(BAGS * PARTS);
                int b = choice / PARTS;
                int c = choice % PARTS / CollectionBag.PARTS;
                int k = choice % CollectionBag.PARTS;
                String lock = "bag" + b + "-c" + c + "-" + k;
                pool.lock(lock);
                long seen = b == 0 ? one.get(c, k) : two[b - 1].get(c, k);
                for (int look = 0; look < 2; look++) {
                    if (pauses.nextInt(4) == 0) {
                        Thread.onSpinWait();
                        Thread.yield();
                    }
                    long again = b == 0 ? one.get(c, k) : two[b - 1].get(c, k);
                    if (again != seen && failed.size() < 5) {
                        failed.add(lock + " changed under its lock: " + seen + " then " + again);
                    }
                }
                if (seen < lastSeen[choice] && failed.size() < 5) {
                    failed.add(lock + " went back from " + lastSeen[choice] + " to " + seen);
                }
                if (b == 0) {
                    one.bump(c, k);
                } else if (b == 1) {
                    two[0].bump(c, k);
                } else {
                    bumpInPlace(c, k);
                }
                lastSeen[choice] = seen + 1;
                pool.unlock(lock);
            }
            barrier();
            for (int t = 0; t < all; t++) {
                for (int i = 0; i < iterations; i++) {
                    expected[replay[t].nextInt(BAGS * PARTS)]++;
                }
            }
            checkCounts(expected, phase, failed);
            barrier();
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Random;
import org.jdsm.instrument.Results;

/**
 * Plain code that walks the collections of CollectionBag (a single shared object and the two
 * elements of a shared {@code Object[]}, one block) and writes what it walks: in odd phases every
 * thread walks every collection of job objects without a lock (no one changes their structure) and
 * bumps, under a lock per job, the jobs its seeded choices pick ({@code for (Job j : bag.jobs) {
 * lock; j.count++; unlock }}); in even phases each thread, under one lock for everything, adds one
 * to every part of every container through iterators, {@code replaceAll}, {@code entrySet} and
 * {@code values()}. After each phase every part must hold exactly what all threads added.
 * Args: phases, rounds, seed.
 */
public class IteratedCollectionsPlain extends CollectionBagsJob {

    /** The job collections of {@code bag} in CollectionBag's container order, from container 6 on. */
    private static List<Collection<CollectionBag.Job>> jobCollections(CollectionBag bag) {
        return List.of(bag.jobs, bag.linkedJobs, bag.jobMap.values(), bag.linkedJobMap.values(), bag.jobTree.values(),
                bag.concurrentJobs.values());
    }

    /** The part of container 6 + {@code c} that {@code j} is. */
    private static int partOf(CollectionBag bag, int c, CollectionBag.Job j) {
        for (int k = 0; k < CollectionBag.PARTS; k++) {
            if (jobAt(bag, c, k) == j) {
                return k;
            }
        }
        throw new IllegalStateException("a walked job is in no part of container " + (6 + c));
    }

    private static CollectionBag.Job jobAt(CollectionBag bag, int c, int k) {
        return switch (c) {
            case 0 -> bag.jobs.get(k);
            case 1 -> bag.linkedJobs.get(k);
            case 2 -> bag.jobMap.get("j" + k);
            case 3 -> bag.linkedJobMap.get("j" + (k + 1));
            case 4 -> bag.jobTree.get(k);
            default -> bag.concurrentJobs.get("j" + k);
        };
    }

    /** Adds one to every part of {@code bag}, walking each container. */
    private static void bumpAll(CollectionBag bag) {
        bag.list.replaceAll(v -> v + 1);
        for (ListIterator<Long> it = bag.linked.listIterator(); it.hasNext(); ) {
            it.set(it.next() + 1);
        }
        bag.hash.replaceAll((k, v) -> v + 1);
        for (Map.Entry<String, Long> e : bag.linkedMap.entrySet()) {
            e.setValue(e.getValue() + 1);
        }
        for (Integer k : bag.tree.keySet()) {
            bag.tree.put(k, bag.tree.get(k) + 1);
        }
        bag.concurrent.replaceAll((k, v) -> v + 1);
        for (CollectionBag.Job j : bag.jobs) {
            j.count++;
        }
        for (CollectionBag.Job j : bag.linkedJobs) {
            j.bump();
        }
        bag.jobMap.values().forEach(j -> j.count++);
        bag.linkedJobMap.forEach((k, j) -> j.bump());
        for (Map.Entry<Integer, CollectionBag.Job> e : bag.jobTree.entrySet()) {
            e.getValue().count++;
        }
        for (CollectionBag.Job j : bag.concurrentJobs.values()) {
            j.count += 1;
        }
    }

    @Override
    public void start() {
        int phases = Integer.parseInt(args().get(0));
        int rounds = Integer.parseInt(args().get(1));
        long seed = Long.parseLong(args().get(2));
        long[] expected = new long[BAGS * PARTS];
        List<String> failed = new ArrayList<>();
        for (int phase = 1; phase <= phases && failed.isEmpty(); phase++) {
            for (int r = 0; r < rounds; r++) {
                if (phase % 2 == 1) {
                    Random picks = new Random(seed + 31L * myThread() + 1009L * (phase * rounds + r));
                    for (int b = 0; b < BAGS; b++) {
                        List<Collection<CollectionBag.Job>> all = jobCollections(bag(b));
                        for (int c = 0; c < all.size(); c++) {
                            for (CollectionBag.Job j : all.get(c)) {
                                if (picks.nextInt(3) == 0) {
                                    String lock = "job" + b + "-" + c + "-" + partOf(bag(b), c, j);
                                    pool.lock(lock);
                                    j.count++;
                                    pool.unlock(lock);
                                }
                            }
                        }
                    }
                } else {
                    pool.lock("all");
                    bumpAll(one);
                    bumpAll(two[0]);
                    bumpAll(two[1]);
                    pool.unlock("all");
                }
            }
            barrier();
            int[][][] walkOrder = new int[BAGS][6][];
            for (int b = 0; b < BAGS; b++) {
                CollectionBag bag = bag(b);
                List<Collection<CollectionBag.Job>> all = jobCollections(bag);
                for (int c = 0; c < 6; c++) {
                    int container = c;
                    walkOrder[b][c] = all.get(c).stream().mapToInt(j -> partOf(bag, container, j)).toArray();
                }
            }
            for (int t = 0; t < threads(); t++) {
                for (int r = 0; r < rounds; r++) {
                    Random picks = new Random(seed + 31L * t + 1009L * (phase * rounds + r));
                    for (int b = 0; b < BAGS; b++) {
                        if (phase % 2 == 0) {
                            for (int p = 0; p < PARTS; p++) {
                                expected[b * PARTS + p]++;
                            }
                            continue;
                        }
                        for (int c = 0; c < 6; c++) {
                            for (int k : walkOrder[b][c]) {
                                if (picks.nextInt(3) == 0) {
                                    expected[b * PARTS + (6 + c) * CollectionBag.PARTS + k]++;
                                }
                            }
                        }
                    }
                }
            }
            checkCounts(expected, phase, failed);
            barrier();
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.instrument.Results;

/**
 * Plain code that keeps, before the first barrier, references to the job objects held in the lists
 * and maps of CollectionBag (a single shared object and the two elements of a shared {@code Object[]},
 * one block), and the lists of job objects themselves, and writes through them after every barrier,
 * each job by one thread, the jobs of one container by threads of different nodes. With "grow", between
 * steps (a barrier either side) one thread adds a job to every list and map under one lock, a change of
 * structure the kept references must outlive, and at the end the jobs added last, kept by other threads
 * than their adder, are written after a barrier too. Every job that was there from the start must
 * hold the number of steps, read through the containers and through the kept references. Args: steps,
 * "still" or "grow".
 */
public class KeptCollectionJobsPlain extends CollectionBagsJob {

    private static CollectionBag.Job job(CollectionBag bag, int c, int k) {
        return switch (c) {
            case 0 -> bag.jobs.get(k);
            case 1 -> bag.linkedJobs.get(k);
            case 2 -> bag.jobMap.get("j" + k);
            case 3 -> bag.linkedJobMap.get("j" + (k + 1));
            case 4 -> bag.jobTree.get(k);
            default -> bag.concurrentJobs.get("j" + k);
        };
    }

    /** The job added to container {@code c} of {@code bag} in step {@code s}. */
    private static CollectionBag.Job newest(CollectionBag bag, int c, int s) {
        return switch (c) {
            case 0 -> bag.jobs.get(bag.jobs.size() - 1);
            case 1 -> bag.linkedJobs.getLast();
            case 2 -> bag.jobMap.get("new" + s);
            case 3 -> bag.linkedJobMap.get("new" + s);
            case 4 -> bag.jobTree.get(100 + s);
            default -> bag.concurrentJobs.get("new" + s);
        };
    }

    private boolean mine(int b, int c, int k) {
        return (b + c + k) % threads() == myThread();
    }

    @Override
    public void start() {
        int steps = Integer.parseInt(args().get(0));
        boolean grow = args().get(1).equals("grow");
        List<CollectionBag.Job> kept = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Long> wants = new ArrayList<>();
        List<List<CollectionBag.Job>> keptLists = new ArrayList<>();
        List<Integer> keptIndices = new ArrayList<>();
        for (int b = 0; b < BAGS; b++) {
            for (int c = 0; c < 6; c++) {
                for (int k = 0; k < CollectionBag.PARTS; k++) {
                    if (mine(b, c, k)) {
                        kept.add(job(bag(b), c, k));
                        names.add("bag " + b + " container " + c + " job " + k);
                        wants.add(c == 1 ? 2L * steps : steps);
                    }
                }
            }
            // the list itself kept, its jobs written through it (a job of the other list of each bag)
            for (int k = 0; k < CollectionBag.PARTS; k++) {
                if ((b + 7 + k) % threads() == myThread()) {
                    keptLists.add(bag(b).linkedJobs);
                    keptIndices.add(k);
                }
            }
        }
        barrier();
        for (int s = 0; s < steps; s++) {
            for (CollectionBag.Job j : kept) {
                j.count++;
            }
            barrier();
            if (grow) {
                if (myThread() == s % threads()) {
                    pool.lock("structure");
                    for (int b = 0; b < BAGS; b++) {
                        CollectionBag bag = bag(b);
                        bag.jobs.add(new CollectionBag.Job());
                        bag.linkedJobs.add(new CollectionBag.Job());
                        bag.jobMap.put("new" + s, new CollectionBag.Job());
                        bag.linkedJobMap.put("new" + s, new CollectionBag.Job());
                        bag.jobTree.put(100 + s, new CollectionBag.Job());
                        bag.concurrentJobs.put("new" + s, new CollectionBag.Job());
                    }
                    pool.unlock("structure");
                }
                barrier();
            }
            for (int i = 0; i < keptLists.size(); i++) {
                keptLists.get(i).get(keptIndices.get(i)).bump();
            }
            barrier();
        }
        List<CollectionBag.Job> added = new ArrayList<>();
        if (grow) {
            // the jobs the last step added (on another node, mostly), kept here and written after a barrier
            for (int b = 0; b < BAGS; b++) {
                for (int c = 0; c < 6; c++) {
                    if ((b + c + 1) % threads() == myThread()) {
                        added.add(newest(bag(b), c, steps - 1));
                    }
                }
            }
            barrier();
            for (CollectionBag.Job j : added) {
                j.count += 5;
            }
            barrier();
        }
        List<String> failed = new ArrayList<>();
        for (int b = 0; b < BAGS && grow; b++) {
            for (int c = 0; c < 6 && failed.size() < 5; c++) {
                if (newest(bag(b), c, steps - 1).count != 5) {
                    failed.add("bag " + b + " container " + c + " newest job: " + newest(bag(b), c, steps - 1).count);
                }
            }
        }
        for (int i = 0; i < kept.size() && failed.size() < 5; i++) {
            if (kept.get(i).count != wants.get(i)) {
                failed.add("kept " + names.get(i) + ": " + kept.get(i).count);
            }
        }
        for (int b = 0; b < BAGS; b++) {
            for (int c = 0; c < 6; c++) {
                for (int k = 0; k < CollectionBag.PARTS && failed.size() < 5; k++) {
                    long got = job(bag(b), c, k).count;
                    long want = c == 1 ? 2L * steps : steps; // the linked list's jobs are written through the kept list too
                    if (got != want) {
                        failed.add("bag " + b + " container " + c + " job " + k + ": expected " + want + ", saw " + got);
                    }
                }
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

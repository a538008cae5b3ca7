package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.TreeMap;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain code that keeps, before the first barrier, job objects two collections down (a map of lists,
 * a list of maps) in a single shared object and in an element of a shared {@code Object[]}, and
 * writes through them after every barrier, each job by one thread; between steps (a barrier either
 * side) one thread adds to and removes from the end of the inner lists, adds keys to the inner maps
 * and adds and removes inner maps at the end of the outer list, under one lock. Every job there from
 * the start must end holding the number of steps, read through the holders and the kept references.
 * Args: steps.
 */
public class NestedKeptJobsPlain extends Spmd {

    static final int JOBS = 3;

    /** A holder of nested collections of jobs. */
    public static class Nest {
        HashMap<String, ArrayList<CollectionBag.Job>> groups = new HashMap<>();
        ArrayList<TreeMap<Integer, CollectionBag.Job>> tables = new ArrayList<>();

        public Nest() {
            for (int g = 0; g < 2; g++) {
                ArrayList<CollectionBag.Job> group = new ArrayList<>();
                TreeMap<Integer, CollectionBag.Job> table = new TreeMap<>();
                for (int j = 0; j < JOBS; j++) {
                    group.add(new CollectionBag.Job());
                    table.put(j, new CollectionBag.Job());
                }
                groups.put("g" + g, group);
                tables.add(table);
            }
        }

        CollectionBag.Job job(int n) {
            int g = n / JOBS % 2;
            return n < 2 * JOBS ? groups.get("g" + g).get(n % JOBS) : tables.get(g).get(n % JOBS);
        }
    }

    Nest one;
    Nest[] two;

    @Override
    public void init() {
        one = pool.register(new Nest());
        two = pool.register(new Nest[] {new Nest(), new Nest()}, 2);
    }

    @Override
    public void start() {
        int steps = Integer.parseInt(args().get(0));
        List<CollectionBag.Job> kept = new ArrayList<>();
        for (int n = 0; n < 4 * JOBS; n++) {
            for (int b = 0; b < 3; b++) {
                if ((n + b) % threads() == myThread()) {
                    kept.add(b == 0 ? one.job(n) : two[b - 1].job(n));
                }
            }
        }
        barrier();
        for (int s = 0; s < steps; s++) {
            for (CollectionBag.Job j : kept) {
                j.count++;
            }
            barrier();
            if (myThread() == s % threads()) {
                pool.lock("structure");
                for (Nest nest : List.of(one, two[0], two[1])) {
                    nest.groups.get("g0").add(new CollectionBag.Job());
                    ArrayList<CollectionBag.Job> g1 = nest.groups.get("g1");
                    if (g1.size() > JOBS) {
                        g1.remove(g1.size() - 1);
                    } else {
                        g1.add(new CollectionBag.Job());
                    }
                    nest.tables.get(s % 2).put(100 + s, new CollectionBag.Job());
                    if (nest.tables.size() > 2) {
                        nest.tables.remove(nest.tables.size() - 1);
                    } else {
                        nest.tables.add(new TreeMap<>());
                    }
                }
                pool.unlock("structure");
            }
            barrier();
        }
        List<String> failed = new ArrayList<>();
        for (CollectionBag.Job j : kept) {
            if (j.count != steps && failed.size() < 5) {
                failed.add("kept job: " + j.count);
            }
        }
        for (int n = 0; n < 4 * JOBS; n++) {
            for (int b = 0; b < 3 && failed.size() < 5; b++) {
                long got = (b == 0 ? one.job(n) : two[b - 1].job(n)).count;
                if (got != steps) {
                    failed.add("nest " + b + " job " + n + ": expected " + steps + ", saw " + got);
                }
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

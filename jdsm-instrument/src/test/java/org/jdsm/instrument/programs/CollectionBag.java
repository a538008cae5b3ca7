package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JDK collections that travel as fine-grained diffs (ListDiff, MapDiff), of values and of job
 * objects, each with {@link #PARTS} parts that plain code bumps in place: {@code list.set},
 * {@code map.merge}, {@code compute}, {@code put}, and {@code jobs.get(k).count++}.
 */
public class CollectionBag {

    static final int CONTAINERS = 12;
    static final int PARTS = 4;

    /** A job object held in a collection, written in place. */
    public static class Job {
        long count;

        void bump() {
            count++;
        }
    }

    ArrayList<Long> list = new ArrayList<>();
    LinkedList<Long> linked = new LinkedList<>();
    HashMap<String, Long> hash = new HashMap<>();
    LinkedHashMap<String, Long> linkedMap = new LinkedHashMap<>();
    TreeMap<Integer, Long> tree = new TreeMap<>();
    ConcurrentHashMap<String, Long> concurrent = new ConcurrentHashMap<>();
    ArrayList<Job> jobs = new ArrayList<>();
    LinkedList<Job> linkedJobs = new LinkedList<>();
    HashMap<String, Job> jobMap = new HashMap<>();
    LinkedHashMap<String, Job> linkedJobMap = new LinkedHashMap<>();
    TreeMap<Integer, Job> jobTree = new TreeMap<>();
    ConcurrentHashMap<String, Job> concurrentJobs = new ConcurrentHashMap<>();

    public CollectionBag() {
        for (int k = 0; k < PARTS; k++) {
            list.add(0L);
            linked.add(0L);
            hash.put("h" + k, 0L);
            linkedMap.put("m" + (PARTS - k), 0L); // not in key order: the order is content
            tree.put(10 * k, 0L);
            concurrent.put("c" + k, 0L);
            jobs.add(new Job());
            linkedJobs.add(new Job());
            jobMap.put("j" + k, new Job());
            linkedJobMap.put("j" + (PARTS - k), new Job());
            jobTree.put(k, new Job());
            concurrentJobs.put("j" + k, new Job());
        }
    }

    /** Part {@code k} of container {@code c}. */
    long get(int c, int k) {
        return switch (c) {
            case 0 -> list.get(k);
            case 1 -> linked.get(k);
            case 2 -> hash.get("h" + k);
            case 3 -> linkedMap.get("m" + (k + 1));
            case 4 -> tree.get(10 * k);
            case 5 -> concurrent.get("c" + k);
            case 6 -> jobs.get(k).count;
            case 7 -> linkedJobs.get(k).count;
            case 8 -> jobMap.get("j" + k).count;
            case 9 -> linkedJobMap.get("j" + (k + 1)).count;
            case 10 -> jobTree.get(k).count;
            default -> concurrentJobs.get("j" + k).count;
        };
    }

    /** Adds one to part {@code k} of container {@code c}, as plain code does. */
    void bump(int c, int k) {
        switch (c) {
            case 0 -> list.set(k, list.get(k) + 1);
            case 1 -> linked.set(k, linked.get(k) + 1);
            case 2 -> hash.merge("h" + k, 1L, Long::sum);
            case 3 -> linkedMap.compute("m" + (k + 1), (key, v) -> v + 1);
            case 4 -> tree.put(10 * k, tree.get(10 * k) + 1);
            case 5 -> concurrent.merge("c" + k, 1L, Long::sum);
            case 6 -> jobs.get(k).count++;
            case 7 -> linkedJobs.get(k).bump();
            case 8 -> jobMap.get("j" + k).count += 1;
            case 9 -> linkedJobMap.get("j" + (k + 1)).bump();
            case 10 -> jobTree.get(k).count++;
            default -> concurrentJobs.get("j" + k).count++;
        }
    }

    /** What must not change: sizes, and the linked maps' orders. */
    String shape() {
        List<Integer> sizes = List.of(list.size(), linked.size(), hash.size(), linkedMap.size(), tree.size(), concurrent.size(),
                jobs.size(), linkedJobs.size(), jobMap.size(), linkedJobMap.size(), jobTree.size(), concurrentJobs.size());
        if (sizes.stream().anyMatch(s -> s != PARTS)) {
            return "sizes " + sizes;
        }
        if (!List.copyOf(linkedMap.keySet()).equals(List.of("m4", "m3", "m2", "m1"))
                || !List.copyOf(linkedJobMap.keySet()).equals(List.of("j4", "j3", "j2", "j1"))) {
            return "linked order " + linkedMap.keySet() + " " + linkedJobMap.keySet();
        }
        return null;
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain code that changes the structure of JDK collections (adds at any position, removes, moves to
 * the end of a linked map or set as an LRU cache does) held by a single shared object and by the two
 * elements of a shared {@code Object[]} (one block), each container under a lock of its own, beside a
 * mirror of its content in a {@code long[]} of the same object changed under the same lock; between
 * phases of such changes, phases in which every thread bumps every job of a list and every value of
 * a map under a lock per job or key. Under its lock a container must hold what its mirror says, in
 * the mirror's order where order is content; after each phase too, and every count must add up.
 * Args: phases, rounds, seed.
 */
public class ShelvesPlain extends Spmd {

    static final int KINDS = 7;
    static final int CAPACITY = 256;
    static final int CELLS = 4;
    static final int SHELVES = 3;

    /** A job object in a list. */
    public static class Job {
        long count;
    }

    /** One container of each kind, a mirror of each, and counters. */
    public static class Shelf {
        ArrayList<Long> list = new ArrayList<>();
        LinkedList<Long> linked = new LinkedList<>();
        LinkedHashMap<Long, Long> linkedMap = new LinkedHashMap<>();
        TreeMap<Long, Long> tree = new TreeMap<>();
        HashSet<Long> hash = new HashSet<>();
        LinkedHashSet<Long> linkedSet = new LinkedHashSet<>();
        TreeSet<Long> treeSet = new TreeSet<>();
        long[][] mirror = new long[KINDS][CAPACITY];
        int[] size = new int[KINDS];
        ArrayList<Job> cells = new ArrayList<>();
        HashMap<Integer, Long> tallies = new HashMap<>();

        public Shelf() {
            for (int c = 0; c < CELLS; c++) {
                cells.add(new Job());
                tallies.put(c, 0L);
            }
        }

        List<Long> content(int kind) {
            return switch (kind) {
                case 0 -> List.copyOf(list);
                case 1 -> List.copyOf(linked);
                case 2 -> List.copyOf(linkedMap.keySet());
                case 3 -> List.copyOf(tree.keySet());
                case 4 -> hash.stream().sorted().toList();
                case 5 -> List.copyOf(linkedSet);
                default -> List.copyOf(treeSet);
            };
        }

        List<Long> mirrored(int kind) {
            List<Long> out = new ArrayList<>();
            for (int i = 0; i < size[kind]; i++) {
                out.add(mirror[kind][i]);
            }
            if (kind == 3 || kind == 4 || kind == 6) {
                out.sort(null);
            }
            return out;
        }

        /** One change of kind {@code kind}'s structure, the same in its mirror. */
        void change(int kind, Random r, long fresh) {
            int n = size[kind];
            long[] m = mirror[kind];
            boolean add = n == 0 || n < CAPACITY - 1 && r.nextInt(3) > 0;
            int at = r.nextInt(n + (add ? 1 : 0));
            if (add) {
                if (kind <= 1) {
                    System.arraycopy(m, at, m, at + 1, n - at); // a list's add at a position
                } else {
                    at = n; // a map or set adds at the end of its order
                }
                m[at] = fresh;
                size[kind] = n + 1;
                switch (kind) {
                    case 0 -> list.add(at, fresh);
                    case 1 -> linked.add(at, fresh);
                    case 2 -> linkedMap.put(fresh, -fresh);
                    case 3 -> tree.put(fresh, -fresh);
                    case 4 -> hash.add(fresh);
                    case 5 -> linkedSet.add(fresh);
                    default -> treeSet.add(fresh);
                }
                return;
            }
            long gone = m[at];
            boolean move = (kind == 2 || kind == 5) && r.nextBoolean();
            System.arraycopy(m, at + 1, m, at, n - at - 1);
            if (move) {
                m[n - 1] = gone; // to the end of the order, as an LRU cache moves what it used
            } else {
                size[kind] = n - 1;
            }
            switch (kind) {
                case 0 -> list.remove(at);
                case 1 -> linked.remove(at);
                case 2 -> {
                    Long v = linkedMap.remove(gone);
                    if (move) {
                        linkedMap.put(gone, v);
                    }
                }
                case 3 -> tree.remove(gone);
                case 4 -> hash.remove(gone);
                case 5 -> {
                    linkedSet.remove(gone);
                    if (move) {
                        linkedSet.add(gone);
                    }
                }
                default -> treeSet.remove(gone);
            }
        }
    }

    Shelf one;
    Shelf[] two;

    @Override
    public void init() {
        one = pool.register(new Shelf());
        two = pool.register(new Shelf[] {new Shelf(), new Shelf()}, 2);
    }

    @Override
    public void start() {
        int phases = Integer.parseInt(args().get(0));
        int rounds = Integer.parseInt(args().get(1));
        long seed = Long.parseLong(args().get(2));
        Random r = new Random(seed * 1_000_003L + myThread());
        List<String> failed = new ArrayList<>();
        long fresh = 1_000_000L * (myThread() + 1);
        int bumpPhases = 0;
        for (int phase = 1; phase <= phases && failed.isEmpty(); phase++) {
            if (phase % 2 == 1) {
                for (int i = 0; i < rounds && failed.size() < 5; i++) {
                    int s = r.nextInt(SHELVES);
                    int kind = r.nextInt(KINDS);
                    pool.lock("shelf" + s + "-" + kind);
                    Shelf shelf = s == 0 ? one : two[s - 1];
                    List<Long> before = shelf.content(kind);
                    if (!before.equals(shelf.mirrored(kind))) {
                        failed.add("shelf " + s + " kind " + kind + " holds " + before + ", its mirror " + shelf.mirrored(kind));
                    }
                    shelf.change(kind, r, fresh++);
                    pool.unlock("shelf" + s + "-" + kind);
                }
            } else {
                bumpPhases++;
                for (int i = 0; i < rounds / 4; i++) {
                    for (int c = 0; c < CELLS; c++) {
                        pool.lock("cell" + c);
                        one.cells.get(c).count++;
                        two[0].cells.get(c).count++;
                        two[1].tallies.merge(c, 1L, Long::sum);
                        pool.unlock("cell" + c);
                    }
                }
            }
            barrier();
            for (int s = 0; s < SHELVES && failed.size() < 5; s++) {
                Shelf shelf = s == 0 ? one : two[s - 1];
                for (int kind = 0; kind < KINDS; kind++) {
                    if (!shelf.content(kind).equals(shelf.mirrored(kind))) {
                        failed.add("after phase " + phase + " shelf " + s + " kind " + kind + " holds " + shelf.content(kind)
                                + ", its mirror " + shelf.mirrored(kind));
                    }
                }
                long want = (long) bumpPhases * (rounds / 4) * threads();
                for (int c = 0; c < CELLS; c++) {
                    long got = s == 0 ? one.cells.get(c).count : s == 1 ? two[0].cells.get(c).count : two[1].tallies.get(c);
                    if (got != want) {
                        failed.add("after phase " + phase + " shelf " + s + " cell " + c + ": expected " + want + ", saw " + got);
                    }
                }
            }
            barrier();
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

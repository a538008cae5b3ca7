package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JDK collections in the fields of shared objects and in the elements of a shared {@code Object[]},
 * which travel as what changed in them (ListDiff, MapDiff, SetDiff) and take installed content in
 * place, written by threads of every node at once:
 * <ul>
 *   <li>different elements or keys of one ArrayList, LinkedList, HashMap, LinkedHashMap or TreeMap,
 *   of lists of job objects (fields written in place), of a map of lists and a list of maps, each
 *   part under a lock of its own; a list holding nulls, a map with a null key;
 *   <li>adds and removes (each container's structure under one lock of its own) of lists, linked and
 *   tree maps, hash, linked and tree sets, beside a primitive mirror of the same content kept under
 *   the same lock; phases of structural changes alternate with phases of element writes.
 * </ul>
 * Checked: under its lock a part never goes back and reads the same on every look; after each barrier
 * every count equals what the seeded choices added (no lost update), every container holds what its
 * mirror says, in the mirror's order where order is content.
 */
class CollectionDiffsStressTest {

    static Stream<Arguments> runs() {
        return Jobs.localAndChaos(List.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1), new Shape(8, 1)), new Shape(3, 2));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void disjointPartsOfCollectionsWrittenByEveryNodeLoseNothing(String protocol, Shape shape, String comm) {
        int iterations = comm.equals("chaos") ? 24 : Math.max(24, 256 / shape.threads());
        List<String> args = List.of(arg("phases", 3), arg("iterations", iterations), JobArgs.seedArg(53));
        Jobs.runOver(comm, DisjointParts.class, protocol, shape, args);
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void structuralChangesUnderOneLockAndElementWritesBetweenThemLoseNothing(String protocol, Shape shape, String comm) {
        int rounds = comm.equals("chaos") ? 8 : Math.max(8, 96 / shape.threads());
        List<String> args = List.of(arg("phases", 6), arg("rounds", rounds), JobArgs.seedArg(59));
        Jobs.runOver(comm, Structures.class, protocol, shape, args);
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void collectionsLookTheSameToTheirReadersWhileOtherThreadsFetch(String protocol, Shape shape, String comm) {
        int iterations = comm.equals("chaos") ? 20 : Math.max(20, 192 / shape.threads());
        List<String> args = List.of(arg("phases", 3), arg("iterations", iterations), JobArgs.seedArg(61));
        Jobs.runOver(comm, SteadyReaders.class, protocol, shape, args);
    }

    /**
     * Fails under lrc and sc: identity is not shared (README, "Element objects keep their identity"):
     * a list replaced by a new one of the same shape reaches the other nodes as a change of the list
     * already there, so writes through references kept to the old list's objects land in the new
     * one's, where in one memory they stay with the orphaned objects. No small fix: telling a
     * replacement from changes in place needs object identities that travel.
     */
    @org.junit.jupiter.api.Disabled("identity is not shared: a replaced list's kept objects follow the new list (README point 7)")
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void writesIntoTheObjectsOfAReplacedListStayWithThem(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, Replaced.class, protocol, shape, List.of(arg("phases", 3)));
    }

    /** A job object held in a list, its fields written in place. */
    public static final class Job {
        public long a;
        public long b;
    }

    /** Containers whose parts (PARTS of each) are written under locks of their own. */
    public static final class Bag {
        static final int CONTAINERS = 10;
        static final int PARTS = 4;

        public ArrayList<Long> list = new ArrayList<>(Arrays.asList(0L, null, 0L, null));
        public LinkedList<Long> linked = new LinkedList<>(List.of(0L, 0L, 0L, 0L));
        public HashMap<String, Long> hash = new HashMap<>();
        public LinkedHashMap<String, Long> linkedMap = new LinkedHashMap<>();
        public TreeMap<Integer, Long> tree = new TreeMap<>();
        public ArrayList<Job> jobs = new ArrayList<>(List.of(new Job(), new Job()));
        public LinkedList<Job> linkedJobs = new LinkedList<>(List.of(new Job(), new Job()));
        public HashMap<String, ArrayList<Long>> mapOfLists = new HashMap<>();
        public ArrayList<HashMap<String, Long>> listOfMaps = new ArrayList<>();
        /** A HashMap may hold a null key. */
        public HashMap<String, Long> nullKeyed = new HashMap<>();

        public Bag() {
            for (int k = 0; k < PARTS; k++) {
                hash.put("h" + k, 0L);
                linkedMap.put("m" + (PARTS - k), 0L); // not in the keys' order: the order is content
                tree.put(10 * k, 0L);
                nullKeyed.put(k == 0 ? null : "n" + k, 0L);
            }
            for (int k = 0; k < 2; k++) {
                mapOfLists.put("l" + k, new ArrayList<>(List.of(0L, 0L)));
                listOfMaps.add(new HashMap<>(Map.of("x", 0L, "y", 0L)));
            }
        }

        private static long orZero(Long v) {
            return v == null ? 0 : v;
        }

        long get(int container, int k) {
            return switch (container) {
                case 0 -> orZero(list.get(k));
                case 1 -> linked.get(k);
                case 2 -> hash.get("h" + k);
                case 3 -> linkedMap.get("m" + (k + 1));
                case 4 -> tree.get(10 * k);
                case 5 -> k % 2 == 0 ? jobs.get(k / 2).a : jobs.get(k / 2).b;
                case 6 -> k % 2 == 0 ? linkedJobs.get(k / 2).a : linkedJobs.get(k / 2).b;
                case 7 -> mapOfLists.get("l" + k / 2).get(k % 2);
                case 8 -> listOfMaps.get(k / 2).get(k % 2 == 0 ? "x" : "y");
                default -> nullKeyed.get(k == 0 ? null : "n" + k);
            };
        }

        void set(int container, int k, long v) {
            switch (container) {
                case 0 -> list.set(k, v);
                case 1 -> linked.set(k, v);
                case 2 -> hash.put("h" + k, v);
                case 3 -> linkedMap.put("m" + (k + 1), v);
                case 4 -> tree.put(10 * k, v);
                case 5 -> {
                    if (k % 2 == 0) {
                        jobs.get(k / 2).a = v;
                    } else {
                        jobs.get(k / 2).b = v;
                    }
                }
                case 6 -> {
                    if (k % 2 == 0) {
                        linkedJobs.get(k / 2).a = v;
                    } else {
                        linkedJobs.get(k / 2).b = v;
                    }
                }
                case 7 -> mapOfLists.get("l" + k / 2).set(k % 2, v);
                case 8 -> listOfMaps.get(k / 2).put(k % 2 == 0 ? "x" : "y", v);
                default -> nullKeyed.put(k == 0 ? null : "n" + k, v);
            }
        }

        /** The shape every container keeps: sizes, and the linked map's order. */
        void checkShape(String where) {
            List<Integer> sizes = List.of(list.size(), linked.size(), hash.size(), linkedMap.size(), tree.size(), jobs.size(),
                    linkedJobs.size(), mapOfLists.size(), listOfMaps.size(), nullKeyed.size());
            Check.that(sizes.equals(List.of(4, 4, 4, 4, 4, 2, 2, 2, 2, 4)), () -> "container sizes " + sizes + " " + where);
            Check.that(List.copyOf(linkedMap.keySet()).equals(List.of("m4", "m3", "m2", "m1")),
                    () -> "linked map order " + linkedMap.keySet() + " " + where);
        }
    }

    /**
     * Args: phases, iterations, seed. A single shared Bag and two Bags as the elements of a shared
     * {@code Object[]} (one block): each iteration a thread picks (seeded) a part of one of them and
     * increments it under that part's lock, looking at it three times with pauses between.
     */
    public static final class DisjointParts extends Spmd {
        static final int BAGS = 3;
        static final int PARTS = Bag.CONTAINERS * Bag.PARTS;
        Bag one;
        Bag[] two;

        @Override
        public void init() {
            one = pool.register(new Bag());
            two = pool.register(new Bag[] {new Bag(), new Bag()}, 2);
        }

        private Bag bag(int b) {
            return b == 0 ? one : two[b - 1];
        }

        private void readCheck(int b) {
            if (b == 0) {
                pool.readCheck(one);
            } else {
                pool.readCheck(two, b - 1);
            }
        }

        private void writeCheck(int b) {
            if (b == 0) {
                pool.writeCheck(one);
            } else {
                pool.writeCheck(two, b - 1);
            }
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            JobArgs.Plan plan = args.plan(myThread());
            long[] lastSeen = new long[BAGS * PARTS];
            for (int phase = 1; phase <= plan.phases(); phase++) {
                for (int i = 0; i < plan.iterations(); i++) {
                    int choice = plan.choices().nextInt(BAGS * PARTS);
                    int b = choice / PARTS;
                    int container = choice % PARTS / Bag.PARTS;
                    int k = choice % Bag.PARTS;
                    String lock = "bag" + b + "-c" + container + "-" + k;
                    pool.lock(lock);
                    readCheck(b);
                    long seen = bag(b).get(container, k);
                    for (int look = 0; look < 2; look++) {
                        JobArgs.maybePause(plan.pauses(), 2, 100_000);
                        long again = bag(b).get(container, k);
                        Check.equal(seen, again, () -> lock + " changed under its lock");
                    }
                    long last = lastSeen[choice];
                    Check.that(seen >= last, () -> lock + " went back from " + last + " to " + seen);
                    writeCheck(b);
                    bag(b).set(container, k, seen + 1);
                    lastSeen[choice] = seen + 1;
                    JobArgs.maybePause(plan.pauses(), 3, 100_000);
                    pool.unlock(lock);
                }
                barrier();
                pool.update(one);
                pool.update(two);
                long[] expected = args.replayed(threads(), phase * plan.iterations(), BAGS * PARTS, r -> r.nextInt(BAGS * PARTS));
                for (int b = 0; b < BAGS; b++) {
                    int bagNo = b;
                    int p = phase;
                    bag(b).checkShape("in bag " + b + " after phase " + phase);
                    for (int part = 0; part < PARTS; part++) {
                        int container = part / Bag.PARTS;
                        int k = part % Bag.PARTS;
                        Check.equal(expected[b * PARTS + part], bag(b).get(container, k), () -> "bag " + bagNo + " container "
                                + container + " part " + k + " after phase " + p + " (lost increments)");
                    }
                }
                barrier();
            }
        }
    }

    /**
     * Containers changed in structure, each under a lock of its own, beside a primitive mirror of the
     * values they should hold (in order), changed under the same lock; and counters in a list of job
     * objects and in a map's values, written under per-element locks in the phases between.
     */
    public static final class Structures extends Spmd {
        static final int CAPACITY = 512;
        static final int KINDS = 6;
        static final int CELLS = 4;

        /** One container per kind, with its mirror: values[0, size) in the container's order. */
        public static final class Shelf {
            public ArrayList<Long> list = new ArrayList<>();
            public LinkedList<Long> linked = new LinkedList<>();
            public LinkedHashMap<Long, Long> linkedMap = new LinkedHashMap<>();
            public TreeMap<Long, Long> tree = new TreeMap<>();
            public HashSet<Long> hash = new HashSet<>();
            public LinkedHashSet<Long> linkedSet = new LinkedHashSet<>();
            public TreeSet<Long> treeSet = new TreeSet<>();
            public long[][] mirror = new long[KINDS + 1][CAPACITY];
            public int[] size = new int[KINDS + 1];
            /** Counters: job objects in a list and values of a map, one lock per cell. */
            public ArrayList<Job> cells = new ArrayList<>();
            public HashMap<Integer, Long> tallies = new HashMap<>();

            public Shelf() {
                for (int c = 0; c < CELLS; c++) {
                    cells.add(new Job());
                    tallies.put(c, 0L);
                }
            }
        }

        Shelf shelf;

        @Override
        public void init() {
            shelf = pool.register(new Shelf());
        }

        /** Kind {@code kind}'s content in its order (sets of hashes sorted, their order not being content). */
        private List<Long> content(int kind) {
            return switch (kind) {
                case 0 -> List.copyOf(shelf.list);
                case 1 -> List.copyOf(shelf.linked);
                case 2 -> List.copyOf(shelf.linkedMap.keySet());
                case 3 -> List.copyOf(shelf.tree.keySet());
                case 4 -> shelf.hash.stream().sorted().toList();
                case 5 -> List.copyOf(shelf.linkedSet);
                default -> List.copyOf(shelf.treeSet);
            };
        }

        private List<Long> mirrored(int kind) {
            List<Long> out = new ArrayList<>();
            for (int i = 0; i < shelf.size[kind]; i++) {
                out.add(shelf.mirror[kind][i]);
            }
            if (kind == 3 || kind == 4 || kind == 6) {
                out.sort(null);
            }
            return out;
        }

        /** Adds {@code v} to kind {@code kind} (at {@code at} of a list) and its mirror. */
        private void add(int kind, long v, int at) {
            long[] m = shelf.mirror[kind];
            int n = shelf.size[kind];
            boolean positional = kind <= 1;
            int pos = positional ? at % (n + 1) : n;
            switch (kind) {
                case 0 -> shelf.list.add(pos, v);
                case 1 -> shelf.linked.add(pos, v);
                case 2 -> shelf.linkedMap.put(v, v * 3);
                case 3 -> shelf.tree.put(v, v * 3);
                case 4 -> shelf.hash.add(v);
                case 5 -> shelf.linkedSet.add(v);
                default -> shelf.treeSet.add(v);
            }
            System.arraycopy(m, pos, m, pos + 1, n - pos);
            m[pos] = v;
            shelf.size[kind] = n + 1;
        }

        /** Removes the element at {@code at} of the mirror from kind {@code kind} and the mirror. */
        private void remove(int kind, int at) {
            long[] m = shelf.mirror[kind];
            int n = shelf.size[kind];
            int pos = at % n;
            long v = m[pos];
            switch (kind) {
                case 0 -> shelf.list.remove(pos);
                case 1 -> shelf.linked.remove(pos);
                case 2 -> shelf.linkedMap.remove(v);
                case 3 -> shelf.tree.remove(v);
                case 4 -> shelf.hash.remove(v);
                case 5 -> shelf.linkedSet.remove(v);
                default -> shelf.treeSet.remove(v);
            }
            System.arraycopy(m, pos + 1, m, pos, n - pos - 1);
            shelf.size[kind] = n - 1;
        }

        /** Moves the mirror's element at {@code at} to the end: a linked map's put after a remove, or a list's. */
        private void moveToEnd(int kind, int at) {
            int n = shelf.size[kind];
            long v = shelf.mirror[kind][at % n];
            remove(kind, at);
            add(kind, v, shelf.size[kind]);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 4);
            int rounds = args.integer("rounds", 4);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] counted = new long[2 * CELLS];
            long serial = 0;
            for (int phase = 1; phase <= phases; phase++) {
                for (int r = 0; r < rounds; r++) {
                    if (phase % 2 == 1) {
                        int kind = choices.nextInt(KINDS + 1);
                        int op = choices.nextInt(4);
                        int at = choices.nextInt(CAPACITY);
                        pool.lock("shelf-" + kind);
                        pool.readCheck(shelf);
                        List<Long> before = content(kind);
                        List<Long> expected = mirrored(kind);
                        int k = kind;
                        Check.that(before.equals(expected), () -> "kind " + k + " holds " + before + " but its mirror " + expected
                                + " under its lock");
                        JobArgs.maybePause(pauses, 3, 100_000);
                        pool.writeCheck(shelf);
                        int n = shelf.size[kind];
                        if (op == 0 && n > 0) {
                            remove(kind, at);
                        } else if (op == 1 && n > 0) {
                            moveToEnd(kind, at);
                            if (kind == 2) {
                                shelf.linkedMap.put(shelf.mirror[kind][shelf.size[kind] - 1], -1L); // the moved key's value too
                            }
                        } else if (n < CAPACITY - 2) {
                            add(kind, myThread() * 100_000L + serial++, at);
                        }
                        pool.unlock("shelf-" + kind);
                    } else {
                        int c = choices.nextInt(2 * CELLS);
                        pool.lock("cell-" + c);
                        pool.readCheck(shelf);
                        long seen = c < CELLS ? shelf.cells.get(c).a : shelf.tallies.get(c - CELLS);
                        JobArgs.maybePause(pauses, 3, 100_000);
                        pool.writeCheck(shelf);
                        if (c < CELLS) {
                            shelf.cells.get(c).a = seen + 1;
                        } else {
                            shelf.tallies.put(c - CELLS, seen + 1);
                        }
                        pool.unlock("cell-" + c);
                    }
                }
                barrier();
                pool.update(shelf);
                for (int kind = 0; kind <= KINDS; kind++) {
                    List<Long> seen = content(kind);
                    List<Long> expected = mirrored(kind);
                    int k = kind;
                    int p = phase;
                    Check.that(seen.equals(expected), () -> "kind " + k + " after phase " + p + " holds " + seen + ", its mirror "
                            + expected);
                }
                if (phase % 2 == 0) {
                    Arrays.fill(counted, 0);
                    for (int t = 0; t < threads(); t++) {
                        Random replay = args.choices(t);
                        for (int q = 1; q <= phase; q++) {
                            for (int r = 0; r < rounds; r++) {
                                if (q % 2 == 1) {
                                    replay.nextInt(KINDS + 1);
                                    replay.nextInt(4);
                                    replay.nextInt(CAPACITY);
                                } else {
                                    counted[replay.nextInt(2 * CELLS)]++;
                                }
                            }
                        }
                    }
                    for (int c = 0; c < 2 * CELLS; c++) {
                        int cell = c;
                        int p = phase;
                        long seen = c < CELLS ? shelf.cells.get(c).a : shelf.tallies.get(c - CELLS);
                        Check.equal(counted[c], seen, () -> "cell " + cell + " after phase " + p + " (lost increments)");
                    }
                }
                barrier();
            }
        }
    }

    /**
     * Args: phases, iterations, seed. Each thread owns a key in each map and an element of each list
     * of a single shared object, and counts in them under its own lock; between its reads and its
     * write it looks again and again at its own parts and at a set no one changes, while threads of
     * its node fetch the object that others' writes made stale. Checked: its parts keep their value
     * and the set its elements on every look (content that comes in must not empty a collection a
     * reader is entitled to, even for an instant), and after each barrier every count is exact.
     */
    public static final class SteadyReaders extends Spmd {
        static final int LOOKS = 40;

        public static final class Board {
            public HashMap<Integer, Long> hash = new HashMap<>();
            public TreeMap<Integer, Long> tree = new TreeMap<>();
            public LinkedHashMap<Integer, Long> linked = new LinkedHashMap<>();
            public ArrayList<Long> list = new ArrayList<>();
            public HashSet<String> fixed = new HashSet<>(List.of("a", "b", "c", "d"));
            public TreeSet<Integer> fixedTree = new TreeSet<>(List.of(1, 2, 3));

            long get(int kind, int t) {
                return switch (kind) {
                    case 0 -> hash.get(t);
                    case 1 -> tree.get(t);
                    case 2 -> linked.get(t);
                    default -> list.get(t);
                };
            }

            void set(int kind, int t, long v) {
                switch (kind) {
                    case 0 -> hash.put(t, v);
                    case 1 -> tree.put(t, v);
                    case 2 -> linked.put(t, v);
                    default -> list.set(t, v);
                }
            }
        }

        Board board;

        @Override
        public void init() {
            Board b = new Board();
            for (int t = 0; t < threads(); t++) {
                b.hash.put(t, 0L);
                b.tree.put(t, 0L);
                b.linked.put(t, 0L);
                b.list.add(0L);
            }
            board = pool.register(b);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            JobArgs.Plan plan = args.plan(myThread());
            int me = myThread();
            long[] mine = new long[4];
            for (int phase = 1; phase <= plan.phases(); phase++) {
                for (int i = 0; i < plan.iterations(); i++) {
                    int kind = plan.choices().nextInt(4);
                    String lock = "steady-" + kind + "-" + me;
                    pool.lock(lock);
                    pool.readCheck(board);
                    for (int look = 0; look < LOOKS; look++) {
                        Long seen = kind == 3 ? board.list.get(me) : switch (kind) {
                            case 0 -> board.hash.get(me);
                            case 1 -> board.tree.get(me);
                            default -> board.linked.get(me);
                        };
                        int k = kind;
                        Check.that(seen != null && seen == mine[kind], () -> "kind " + k + " of thread " + me + " read " + seen
                                + ", wrote " + mine[k]);
                        int size = board.fixed.size() + board.fixedTree.size();
                        Check.equal(7, size, () -> "elements of the sets no one changes");
                        if (look % 8 == 0) {
                            Thread.yield();
                        }
                    }
                    pool.writeCheck(board);
                    board.set(kind, me, ++mine[kind]);
                    pool.unlock(lock);
                }
                barrier();
                pool.update(board);
                long[][] expected = new long[4][threads()];
                for (int t = 0; t < threads(); t++) {
                    java.util.Random replay = args.choices(t);
                    for (int i = 0; i < phase * plan.iterations(); i++) {
                        expected[replay.nextInt(4)][t]++;
                    }
                }
                for (int kind = 0; kind < 4; kind++) {
                    for (int t = 0; t < threads(); t++) {
                        int k = kind;
                        int thread = t;
                        int p = phase;
                        Check.equal(expected[kind][t], board.get(kind, t), () -> "kind " + k + " of thread " + thread + " after phase "
                                + p + " (lost increments)");
                    }
                }
                barrier();
            }
        }
    }
    /**
     * Args: phases. Each phase every thread but thread 0 keeps the objects of the shared list (taken
     * after a barrier) and counts in one of them under its lock, while thread 0 replaces the list by
     * one of new objects under another lock. Checked after the barrier: the new list's objects hold
     * nothing (the counts went to the old ones, which no one can reach any more).
     */
    public static final class Replaced extends Spmd {

        public static final class Holder {
            public ArrayList<Job> jobs = new ArrayList<>(List.of(new Job(), new Job()));
        }

        Holder holder;

        @Override
        public void init() {
            holder = pool.register(new Holder());
        }

        @Override
        public void start() {
            int phases = JobArgs.of(this).integer("phases", 3);
            for (int phase = 1; phase <= phases; phase++) {
                pool.update(holder);
                List<Job> kept = List.copyOf(holder.jobs);
                barrier();
                if (myThread() == 0) {
                    pool.lock("replace");
                    pool.writeCheck(holder);
                    holder.jobs = new ArrayList<>(List.of(new Job(), new Job()));
                    pool.unlock("replace");
                } else {
                    int k = myThread() % 2;
                    pool.lock("job-" + k);
                    pool.writeCheck(holder);
                    kept.get(k).a++;
                    pool.unlock("job-" + k);
                }
                barrier();
                pool.update(holder);
                for (Job job : holder.jobs) {
                    int p = phase;
                    Check.equal(0, job.a, () -> "an object of the list made new in phase " + p);
                }
                barrier();
            }
        }
    }
}

package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Containers in shared data grown in place by threads of every node, the home's among them, each
 * under its own lock: a list, a linked list, a map and a deque in fields of one single shared
 * object, and lists as elements of a shared {@code Object[]} whose blocks hold several of them.
 * Under LRC a home's threads write in place while its message handlers copy the block for other
 * nodes, and writers of different fields or elements of one block work side by side, so the copies
 * that go out meanwhile (a fetch's reply, a lock grant's block, a diff's snapshot) meet containers in
 * the middle of a change. Checked: under its lock a container never shrinks, and after each barrier
 * each holds exactly the elements the seeded choices added.
 */
class ContainersGrownBesideCopiesTest {

    static Stream<Arguments> runs() {
        return Jobs.localAndChaos(List.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1), new Shape(8, 1)), new Shape(3, 2));
    }

    /** Fewer rounds over chaos, whose lock hand-overs take milliseconds. */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void containersGrownInPlaceUnderTheirOwnLocksLoseNothing(String protocol, Shape shape, String comm) {
        int rounds = comm.equals("chaos") ? 40 : Math.max(60, 480 / shape.threads());
        List<String> args = List.of(arg("phases", 3), arg("rounds", rounds), arg("seed", 7));
        Jobs.runOver(comm, GrowingContainers.class, protocol, shape, args);
    }

    /** A single shared object of containers, each grown under its own lock. */
    public static final class Bag {
        ArrayList<Long> list = new ArrayList<>();
        LinkedList<Long> linked = new LinkedList<>();
        HashMap<Integer, Long> map = new HashMap<>();
        ArrayDeque<Long> deque = new ArrayDeque<>();
    }

    /**
     * Args: phases, rounds (per thread and phase), seed. Each round a thread picks (seeded) one of the
     * bag's four containers or one of the {@code piles}, and under its lock adds {@code BURST}
     * elements of value {@code thread + 1}.
     */
    public static final class GrowingContainers extends Spmd {
        static final int FIELDS = 4;
        static final int PILES = 6;
        static final int BURST = 8;
        Bag bag;
        Object[] piles;

        @Override
        public void init() {
            bag = pool.register(new Bag());
            piles = new Object[PILES];
            for (int i = 0; i < PILES; i++) {
                piles[i] = new ArrayList<Long>();
            }
            pool.register(piles, 3, Distribution.CYCLIC);
        }

        @SuppressWarnings("unchecked")
        private ArrayList<Long> pile(int k) {
            return (ArrayList<Long>) piles[k - FIELDS];
        }

        /** Container {@code k}'s size and the sum of its elements. */
        private long[] sizeAndSum(int k) {
            java.util.Collection<Long> values = switch (k) {
                case 0 -> bag.list;
                case 1 -> bag.linked;
                case 2 -> bag.map.values();
                case 3 -> bag.deque;
                default -> pile(k);
            };
            long sum = 0;
            for (long v : values) {
                sum += v;
            }
            return new long[] {values.size(), sum};
        }

        private void add(int k, long value) {
            switch (k) {
                case 0 -> bag.list.add(value);
                case 1 -> bag.linked.addFirst(value);
                case 2 -> bag.map.put(bag.map.size(), value);
                case 3 -> bag.deque.addLast(value);
                default -> pile(k).add(value);
            }
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 2);
            int rounds = args.integer("rounds", 40);
            Random choices = args.choices(myThread());
            long[] lastSize = new long[FIELDS + PILES];
            for (int phase = 1; phase <= phases; phase++) {
                for (int r = 0; r < rounds; r++) {
                    int k = choices.nextInt(FIELDS + PILES);
                    Object shared = k < FIELDS ? bag : piles;
                    int index = Math.max(0, k - FIELDS);
                    pool.lock("grow-" + k);
                    pool.readCheck(shared, index);
                    long size = sizeAndSum(k)[0];
                    int container = k;
                    long last = lastSize[k];
                    Check.that(size >= last, () -> "container " + container + " shrank from " + last + " to " + size + " under its lock");
                    pool.writeCheck(shared, index);
                    for (int i = 0; i < BURST; i++) {
                        add(k, myThread() + 1);
                    }
                    lastSize[k] = size + BURST;
                    pool.unlock("grow-" + k);
                }
                barrier();
                checkExact(args, phase * rounds, phase);
                barrier();
            }
        }

        private void checkExact(JobArgs args, int rounds, int phase) {
            long[] size = new long[FIELDS + PILES];
            long[] sum = new long[FIELDS + PILES];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int r = 0; r < rounds; r++) {
                    int k = replay.nextInt(FIELDS + PILES);
                    size[k] += BURST;
                    sum[k] += (long) BURST * (t + 1);
                }
            }
            pool.update(bag);
            pool.update(piles);
            for (int k = 0; k < FIELDS + PILES; k++) {
                long[] seen = sizeAndSum(k);
                int container = k;
                Check.equal(size[k], seen[0], () -> "size of container " + container + " after phase " + phase);
                Check.equal(sum[k], seen[1], () -> "sum of container " + container + " after phase " + phase);
            }
        }
    }
}

package org.jdsm.instrument.programs;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared arrays kept in lists, then written and read after a barrier by JDK methods that the JDK
 * calls through method references: {@code forEach(Arrays::sort)} (also cast to a marker interface,
 * made by {@code altMetafactory}), {@code forEach(random::nextBytes)}
 * and {@code forEach(dice::nextBytes)} (one bootstrap for both, javac's, with receivers of two
 * types) write them; {@code map(Arrays::toString)}, {@code map(String::new)} and {@code
 * flatMapToInt(IntStream::of)} read what node 1 wrote plainly. Every node read every array before,
 * so on three or more nodes one node (neither writer nor home) holds copies the barrier made stale.
 */
public class JdkMethodReferencesPlain extends Spmd {

    private static final int WRITER = 1;
    private static final int ROWS = 3;

    /** A job class whose {@code nextBytes} is the JDK's. */
    public static class Dice extends Random {
        public Dice(long seed) {
            super(seed);
        }
    }

    /** A marker interface: a reference cast to {@code Consumer & Marked} is made by {@code altMetafactory}. */
    interface Marked {
    }

    int[][] sorted;
    int[][] marked;
    byte[][] random;
    byte[][] diced;
    int[][] printed;
    char[][] strings;
    int[][] streamed;

    @Override
    public void init() {
        sorted = registeredRows(() -> new int[] {3, 2, 1});
        marked = registeredRows(() -> new int[] {3, 2, 1});
        random = registeredRows(() -> new byte[4]);
        diced = registeredRows(() -> new byte[4]);
        printed = registeredRows(() -> new int[2]);
        strings = registeredRows(() -> "ab".toCharArray());
        streamed = registeredRows(() -> new int[] {1, 1});
    }

    /** {@code ROWS} arrays from {@code row}, each registered as one block. */
    @SuppressWarnings("unchecked")
    private <T> T[] registeredRows(Supplier<T> row) {
        Object first = row.get();
        T[] rows = (T[]) Array.newInstance(first.getClass(), ROWS);
        rows[0] = (T) first;
        for (int r = 1; r < ROWS; r++) {
            rows[r] = row.get();
        }
        for (int r = 0; r < ROWS; r++) {
            rows[r] = pool.register(rows[r], Array.getLength(rows[r]));
        }
        return rows;
    }

    @Override
    public void start() {
        List<int[]> toSort = new ArrayList<>(Arrays.asList(sorted));
        List<int[]> toMark = new ArrayList<>(Arrays.asList(marked));
        List<byte[]> toRandom = new ArrayList<>(Arrays.asList(random));
        List<byte[]> toDice = new ArrayList<>(Arrays.asList(diced));
        List<int[]> toPrint = new ArrayList<>(Arrays.asList(printed));
        List<char[]> toText = new ArrayList<>(Arrays.asList(strings));
        List<int[]> toStream = new ArrayList<>(Arrays.asList(streamed));
        int seen = Arrays.deepHashCode(new Object[] {sorted, marked, random, diced, printed, strings, streamed}); // a copy of each everywhere
        barrier();
        if (myNode() == WRITER && myThread() % threadsPerNode() == 0) {
            toSort.forEach(Arrays::sort);
            toMark.forEach((Consumer<int[]> & Marked) Arrays::sort);
            Random seeded = new Random(5);
            toRandom.forEach(seeded::nextBytes);
            Dice dice = new Dice(5);
            toDice.forEach(dice::nextBytes);
            for (int r = 0; r < ROWS; r++) {
                printed[r][1] = 5;
                strings[r][0] = 'x';
                streamed[r][1] = 7;
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        Random expected = new Random(5);
        for (int r = 0; r < ROWS; r++) {
            byte[] bytes = new byte[4];
            expected.nextBytes(bytes);
            expect(failed, "forEach(Arrays::sort) " + r, Arrays.equals(sorted[r], new int[] {1, 2, 3}));
            expect(failed, "forEach((Consumer & Marked) Arrays::sort) " + r, Arrays.equals(marked[r], new int[] {1, 2, 3}));
            expect(failed, "forEach(random::nextBytes) " + r, Arrays.equals(random[r], bytes));
            expect(failed, "forEach(dice::nextBytes) " + r, Arrays.equals(diced[r], bytes));
        }
        String text = String.join(",", toPrint.stream().map(Arrays::toString).toList());
        expect(failed, "map(Arrays::toString) " + text, text.equals("[0, 5],[0, 5],[0, 5]"));
        String joined = String.join(",", toText.stream().map(String::new).toList());
        expect(failed, "map(String::new) " + joined, joined.equals("xb,xb,xb"));
        int sum = toStream.stream().flatMapToInt(IntStream::of).sum();
        expect(failed, "flatMapToInt(IntStream::of) " + sum, sum == 8 * ROWS);
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok) {
            failed.add(what);
        }
    }
}

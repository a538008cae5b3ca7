package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Lists held by shared data changed by {@code java.util.Collections}, as a newcomer writes it:
 * {@code Collections.sort(holders[i].list)} (a field of a single shared object), {@code
 * Collections.reverse(bags[i].items)} (a field of an element of a shared array), {@code
 * Collections.addAll}, {@code swap}, {@code fill} and {@code rotate}, and {@code sort} of a local
 * alias ({@code List<Integer> l = holders[i].other; Collections.sort(l)}). Each thread changes the
 * lists {@code k} with {@code k % threads() == myThread()}, so every block is written from both
 * nodes; after a barrier every thread checks every list.
 */
public class JdkCollectionWritesPlain extends Spmd {

    private static final int PER_THREAD = 3;

    /** A single shared object holding lists. */
    public static class Holder {
        List<Integer> list = new ArrayList<>(List.of(3, 1, 2));
        List<Integer> other = new ArrayList<>(List.of(9, 7, 8));
        List<Integer> filled = new ArrayList<>(List.of(0, 0, 0));
    }

    /** An element of a shared array holding a list. */
    public static class Bag {
        List<Integer> items = new ArrayList<>(List.of(1, 2, 3));
        List<Integer> grown = new ArrayList<>();
        List<Integer> rotated = new ArrayList<>(List.of(1, 2, 3));
    }

    Holder[] holders;
    Bag[] bags;

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        holders = new Holder[n];
        for (int k = 0; k < n; k++) {
            holders[k] = pool.register(new Holder());
        }
        Bag[] b = new Bag[n];
        for (int k = 0; k < n; k++) {
            b[k] = new Bag();
        }
        bags = pool.register(b, 2);
    }

    @Override
    public void start() {
        int me = myThread();
        int n = bags.length;
        for (int i = me; i < n; i += threads()) {
            Collections.sort(holders[i].list);
            List<Integer> alias = holders[i].other;
            Collections.sort(alias);
            Collections.fill(holders[i].filled, i);
            Collections.reverse(bags[i].items);
            Collections.swap(bags[i].items, 0, 1);
            Collections.addAll(bags[i].grown, i, i + 1);
            Collections.rotate(bags[i].rotated, 1);
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expect(failed, "sorted list " + i, holders[i].list.equals(List.of(1, 2, 3)));
            expect(failed, "sorted alias " + i, holders[i].other.equals(List.of(7, 8, 9)));
            expect(failed, "filled list " + i, holders[i].filled.equals(List.of(i, i, i)));
            expect(failed, "reversed and swapped items " + i, bags[i].items.equals(List.of(2, 3, 1)));
            expect(failed, "grown list " + i, bags[i].grown.equals(List.of(i, i + 1)));
            expect(failed, "rotated list " + i, bags[i].rotated.equals(List.of(3, 1, 2)));
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok && failed.size() < 10) {
            failed.add(what);
        }
    }
}

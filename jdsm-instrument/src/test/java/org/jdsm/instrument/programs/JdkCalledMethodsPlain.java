package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Elements of a shared array kept in a list, read after a barrier by their own methods called by
 * the JDK: a method reference ({@code mapToInt(Item::value)}) and {@code toString()} (from {@code
 * List.toString}); a lambda ({@code mapToInt(c -> c.v)}) for comparison; and changed by a method
 * reference ({@code forEach(Item::bump)}). Node 1 writes every element between two barriers; every
 * node kept the lists before, so on three nodes node 2 (neither writer nor home) holds a stale copy.
 */
public class JdkCalledMethodsPlain extends Spmd {

    /** An element whose methods read it. */
    public static class Item {
        int v;

        void bump() {
            v++;
        }

        int value() {
            return v;
        }

        @Override
        public String toString() {
            return "v" + v;
        }
    }

    Item[] items;
    Item[] bumped;

    @Override
    public void init() {
        items = pool.register(made(), 3);
        bumped = pool.register(made(), 3);
    }

    private static Item[] made() {
        Item[] made = new Item[3];
        for (int i = 0; i < made.length; i++) {
            made[i] = new Item();
        }
        return made;
    }

    @Override
    public void start() {
        List<Item> mine = new ArrayList<>();
        List<Item> toBump = new ArrayList<>();
        for (int i = 0; i < items.length; i++) {
            mine.add(items[i]);
            toBump.add(bumped[i]);
        }
        barrier();
        if (myNode() == 1) {
            for (int i = 0; i < items.length; i++) {
                items[i].v = 10 * (i + 1);
            }
            toBump.forEach(Item::bump);
        }
        barrier();
        List<String> failed = new ArrayList<>();
        String text = mine.toString();
        int reference = mine.stream().mapToInt(Item::value).sum();
        int lambda = mine.stream().mapToInt(c -> c.v).sum();
        if (lambda != 60) {
            failed.add("lambda " + lambda);
        }
        if (reference != 60) {
            failed.add("method reference " + reference);
        }
        if (!text.equals("[v10, v20, v30]")) {
            failed.add("toString " + text);
        }
        for (int i = 0; i < bumped.length; i++) {
            if (bumped[i].v != 1) {
                failed.add("bumped " + i + " " + bumped[i].v);
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed);
    }
}

package org.jdsm.instrument.programs;

import java.util.List;
import org.jdsm.Spmd;

/**
 * What the collection programs share: three {@link CollectionBag}s, one a single shared object and
 * two the elements of a shared array (one block each), and the check of their part counts.
 */
public abstract class CollectionBagsJob extends Spmd {

    static final int BAGS = 3;
    static final int PARTS = CollectionBag.CONTAINERS * CollectionBag.PARTS;

    CollectionBag one;
    CollectionBag[] two;

    @Override
    public void init() {
        one = pool.register(new CollectionBag());
        two = pool.register(new CollectionBag[] {new CollectionBag(), new CollectionBag()}, 2);
    }

    /** Bag {@code b}: 0 is the single shared object, 1 and 2 the array's elements. */
    CollectionBag bag(int b) {
        return b == 0 ? one : two[b - 1];
    }

    /**
     * Adds to {@code failed} (up to five lines) each bag whose shape broke and each part whose count
     * is not {@code expected[b * PARTS + p]} after {@code phase}.
     */
    void checkCounts(long[] expected, int phase, List<String> failed) {
        for (int b = 0; b < BAGS; b++) {
            CollectionBag bag = bag(b);
            String shape = bag.shape();
            if (shape != null) {
                failed.add("bag " + b + " after phase " + phase + ": " + shape);
            }
            for (int p = 0; p < PARTS && failed.size() < 5; p++) {
                long got = bag.get(p / CollectionBag.PARTS, p % CollectionBag.PARTS);
                if (got != expected[b * PARTS + p]) {
                    failed.add("bag " + b + " container " + p / CollectionBag.PARTS + " part " + p % CollectionBag.PARTS
                            + " after phase " + phase + ": expected " + expected[b * PARTS + p] + ", saw " + got);
                }
            }
        }
    }
}

package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.instrument.Results;

/**
 * Plain code that keeps, before the first barrier, the lists and maps of CollectionBag themselves
 * ({@code List<Long> l = two[0].list}) and writes into them after each barrier, each part under its
 * own lock ({@code l.set(k, l.get(k) + 1)}, {@code m.merge(key, 1L, Long::sum)}). A JDK collection
 * knows no block (only the job's classes get a slot), so neither the read nor the write is checked.
 * Args: steps.
 */
public class KeptListWritesPlain extends CollectionBagsJob {

    @Override
    public void start() {
        int steps = Integer.parseInt(args().get(0));
        List<Long> list = two[0].list;
        java.util.Map<String, Long> map = one.hash;
        barrier();
        for (int s = 0; s < steps; s++) {
            for (int k = 0; k < CollectionBag.PARTS; k++) {
                pool.lock("part" + k);
                list.set(k, list.get(k) + 1);
                map.merge("h" + k, 1L, Long::sum);
                pool.unlock("part" + k);
            }
            barrier();
        }
        List<String> failed = new ArrayList<>();
        long want = (long) steps * threads();
        for (int k = 0; k < CollectionBag.PARTS; k++) {
            if (two[0].list.get(k) != want || one.hash.get("h" + k) != want) {
                failed.add("part " + k + ": " + two[0].list.get(k) + " and " + one.hash.get("h" + k) + ", not " + want);
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

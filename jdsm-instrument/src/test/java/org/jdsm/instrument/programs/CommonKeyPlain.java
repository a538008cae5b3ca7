package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain code in which every thread of every node adds to one key of a ConcurrentHashMap with
 * {@code merge}, with no lock, as threads of one JVM may (merge is atomic there). Args: rounds.
 */
public class CommonKeyPlain extends Spmd {

    CollectionBag one;

    @Override
    public void init() {
        one = pool.register(new CollectionBag());
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        for (int i = 0; i < rounds; i++) {
            one.concurrent.merge("c0", 1L, Long::sum);
            if (i % 4 == 0) {
                pool.lock("own" + myThread());
                pool.unlock("own" + myThread());
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        long want = (long) rounds * threads();
        if (one.concurrent.get("c0") != want) {
            failed.add("c0: " + one.concurrent.get("c0") + ", not " + want);
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

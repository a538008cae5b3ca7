package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain code on access-ordered LinkedHashMaps (an LRU cache's order: {@code get} moves a key to the
 * end) in a list of a single shared object, one made in {@code init()} on every node, one added by
 * thread 0 in {@code start()} (other nodes receive a decoded copy): every thread in turn, a barrier
 * after each turn, reads a key of each (which moves it) under one lock, then in a turn of its own
 * adds one to every value through {@code entrySet} (which moves none). After every turn each map
 * must hold the entries in the order one JVM gives (entrySet and keySet, read under the lock, move
 * nothing).
 */
public class AccessOrderPlain extends Spmd {

    /** A single shared object. */
    public static class Holder {
        ArrayList<LinkedHashMap<String, Long>> caches = new ArrayList<>();
    }

    Holder one;

    static LinkedHashMap<String, Long> lru() {
        LinkedHashMap<String, Long> m = new LinkedHashMap<>(16, 0.75f, true);
        for (int k = 0; k < 4; k++) {
            m.put("k" + k, (long) k);
        }
        return m;
    }

    @Override
    public void init() {
        Holder h = new Holder();
        h.caches.add(lru());
        one = pool.register(h);
    }

    @Override
    public void start() {
        if (myThread() == 0) {
            pool.lock("caches");
            one.caches.add(lru());
            pool.unlock("caches");
        }
        barrier();
        LinkedHashMap<String, Long> expected = lru();
        List<String> failed = new ArrayList<>();
        for (int turn = 0; turn < 2 * threads(); turn++) {
            String key = "k" + (turn * 3 + 1) % 4;
            if (turn / 2 == myThread()) {
                pool.lock("caches");
                for (LinkedHashMap<String, Long> cache : one.caches) {
                    if (turn % 2 == 0) {
                        cache.get(key);
                    } else {
                        for (Map.Entry<String, Long> e : cache.entrySet()) {
                            e.setValue(e.getValue() + 1); // in place: no key moves
                        }
                    }
                }
                pool.unlock("caches");
            }
            if (turn % 2 == 0) {
                expected.get(key);
            } else {
                expected.replaceAll((k, v) -> v + 1);
            }
            barrier();
            pool.lock("caches");
            for (int c = 0; c < one.caches.size() && failed.isEmpty(); c++) {
                if (!List.copyOf(one.caches.get(c).entrySet()).equals(List.copyOf(expected.entrySet()))) {
                    failed.add("cache " + c + " on node " + myNode() + " after turn " + turn + ": " + one.caches.get(c) + ", not "
                            + expected);
                }
            }
            pool.unlock("caches");
            barrier();
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}

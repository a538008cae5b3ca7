package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.instrument.Results;

/**
 * Plain code in which every thread adds keys of its own to the ConcurrentHashMaps of CollectionBag
 * (a single shared object and the two elements of a shared {@code Object[]}, one block) with no lock
 * at all, as threads of one JVM may ({@code put}, {@code merge}, {@code computeIfAbsent(k, ..).count++}),
 * taking and leaving a lock of its own now and then (the node publishes meanwhile), then, after a
 * barrier, removes half of them again. After each barrier every map must hold exactly the keys and
 * values left. Args: keys per thread.
 */
public class ConcurrentKeysPlain extends CollectionBagsJob {

    @Override
    public void start() {
        int keys = Integer.parseInt(args().get(0));
        int me = myThread();
        for (int i = 0; i < keys; i++) {
            String key = "t" + me + "-" + i;
            one.concurrent.put(key, (long) i);
            two[i % 2].concurrent.merge(key, (long) i, Long::sum);
            two[(i + 1) % 2].concurrentJobs.computeIfAbsent(key, k -> new CollectionBag.Job()).count++;
            one.concurrentJobs.computeIfAbsent(key, k -> new CollectionBag.Job()).count += i;
            if (i % 5 == me % 5) {
                pool.lock("own" + me);
                pool.unlock("own" + me);
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        check(failed, keys, false, "after adding");
        barrier();
        for (int i = 0; i < keys; i += 2) {
            String key = "t" + me + "-" + i;
            one.concurrent.remove(key);
            two[i % 2].concurrent.remove(key);
            two[(i + 1) % 2].concurrentJobs.remove(key);
            one.concurrentJobs.remove(key);
            if (i % 5 == me % 5) {
                pool.lock("own" + me);
                pool.unlock("own" + me);
            }
        }
        barrier();
        check(failed, keys, true, "after removing");
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private void check(List<String> failed, int keys, boolean halved, String when) {
        int left = halved ? keys / 2 : keys;
        int size = CollectionBag.PARTS + threads() * left;
        if (one.concurrent.size() != size || one.concurrentJobs.size() != size) {
            failed.add(when + ": single object's maps hold " + one.concurrent.size() + " and " + one.concurrentJobs.size()
                    + " keys, not " + size);
        }
        for (int t = 0; t < threads(); t++) {
            for (int i = halved ? 1 : 0; i < keys && failed.size() < 5; i += halved ? 2 : 1) {
                String key = "t" + t + "-" + i;
                Long a = one.concurrent.get(key);
                Long b = two[i % 2].concurrent.get(key);
                CollectionBag.Job c = two[(i + 1) % 2].concurrentJobs.get(key);
                CollectionBag.Job d = one.concurrentJobs.get(key);
                if (a == null || a != i || b == null || b != i || c == null || c.count != 1 || d == null || d.count != i) {
                    failed.add(when + ": key " + key + " holds " + a + ", " + b + ", " + (c == null ? null : c.count) + ", "
                            + (d == null ? null : d.count));
                }
            }
        }
        int sizes = two[0].concurrent.size() + two[1].concurrent.size() + two[0].concurrentJobs.size() + two[1].concurrentJobs.size();
        if (sizes != 2 * size + 2 * CollectionBag.PARTS && failed.size() < 5) {
            failed.add(when + ": the elements' maps hold " + sizes + " keys in all, not " + (2 * size + 2 * CollectionBag.PARTS));
        }
    }
}

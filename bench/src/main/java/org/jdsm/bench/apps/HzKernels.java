package org.jdsm.bench.apps;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.ICountDownLatch;
import com.hazelcast.cp.lock.FencedLock;
import com.hazelcast.map.IMap;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jdsm.samples.support.Split;

/**
 * SOR and Pi written on Hazelcast the way a user would, for the comparison the issue asks for
 * ("the same SOR kernel and a lock-heavy kernel written on Hazelcast, embedded members in two JVMs"),
 * with the samples' own kernels and validations ({@link SampleKernels}) and the same timing points
 * as the JDSM samples (from after a start barrier to after the last barrier).
 *
 * <ul>
 *   <li>SOR: every member builds the initial grid (as every JDSM node does) and relaxes its band of
 *       rows in a local array; rows live in an {@code IMap<Integer, double[]>}: after each phase a
 *       member {@code set}s its two edge rows and, before the next, {@code get}s the rows bordering
 *       its band; a CP {@code ICountDownLatch} per phase is the barrier. After the timed kernel each
 *       member stores its band ({@code putAll}) and member 0 reads the whole grid back to validate
 *       (JDSM's node 0 likewise fetches the grid after its timer).</li>
 *   <li>Pi: the work queue is an {@code IMap} entry (next chunk) changed under a CP
 *       {@code FencedLock}; each chunk's sum goes into an {@code IMap<Integer, Double>}; member 0
 *       adds them in chunk order after the last barrier.</li>
 * </ul>
 * CP structures run in the CP subsystem's unsafe mode (no CP members configured: a CP group needs
 * at least 3 members; with two it is what a two-JVM user gets).
 */
final class HzKernels {

    private static final long AWAIT_SECONDS = 600;

    private final HazelcastInstance hz;
    private final int rank;
    private final int members;

    HzKernels(HazelcastInstance hz, int rank, int members) {
        this.hz = hz;
        this.rank = rank;
        this.members = members;
    }

    /** A barrier of all members: a one-shot CP latch per use, named {@code name}. */
    void barrier(String name) {
        ICountDownLatch latch = hz.getCPSubsystem().getCountDownLatch(name);
        latch.trySetCount(members); // only the first member's call sets it: the count is not 0 until all came
        latch.countDown();
        try {
            if (!latch.await(AWAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("barrier " + name + " not complete within " + AWAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in barrier " + name, e);
        }
    }

    /** Runs {@code sample} ("SOR" or "Pi"); member 0 validates (prints the PASS line) and returns the checksum. */
    double run(String sample, List<String> args) {
        return switch (sample) {
            case "SOR" -> sor(args);
            case "Pi" -> pi(args);
            default -> throw new IllegalArgumentException("no Hazelcast version of " + sample);
        };
    }

    private double sor(List<String> args) {
        Object size = SampleKernels.sorSize(args);
        int n = SampleKernels.sorN(size);
        int iterations = SampleKernels.sorIterations(size);
        double[] g = SampleKernels.sorGrid(n);
        IMap<Integer, double[]> rows = hz.getMap("sor-rows");
        int from = Split.start(rank, members, n);
        int to = Split.end(rank, members, n);
        barrier("sor-start");
        long began = System.nanoTime();
        for (int p = 0; p < 2 * iterations; p++) {
            if (p > 0) { // phase 0 reads the initial grid every member built
                if (from > 0) {
                    System.arraycopy(rows.get(from - 1), 0, g, (from - 1) * n, n);
                }
                if (to < n) {
                    System.arraycopy(rows.get(to), 0, g, to * n, n);
                }
            }
            if (from < to) {
                SampleKernels.sorRelax(g, n, from, to, p & 1);
                if (from > 0) { // the row the member above reads
                    rows.set(from, Arrays.copyOfRange(g, from * n, (from + 1) * n));
                }
                if (to < n && (to - 1 != from || from == 0)) { // the row the member below reads
                    rows.set(to - 1, Arrays.copyOfRange(g, (to - 1) * n, to * n));
                }
            }
            barrier("sor-phase-" + p);
        }
        long millis = (System.nanoTime() - began) / 1_000_000;
        Map<Integer, double[]> band = new HashMap<>();
        for (int i = from; i < to; i++) {
            band.put(i, Arrays.copyOfRange(g, i * n, (i + 1) * n));
        }
        rows.putAll(band);
        barrier("sor-stored");
        double total = Double.NaN;
        if (rank == 0) {
            Set<Integer> others = new HashSet<>();
            for (int i = 0; i < n; i++) {
                if (i < from || i >= to) {
                    others.add(i);
                }
            }
            rows.getAll(others).forEach((i, row) -> System.arraycopy(row, 0, g, i * n, n));
            total = SampleKernels.sorTotal(g, n);
            SampleKernels.sorValidate(size, total, "Hazelcast " + members + " members, kernel " + millis + " ms");
        }
        barrier("sor-end");
        return total;
    }

    private double pi(List<String> args) {
        Object size = SampleKernels.piSize(args);
        int chunks = SampleKernels.piChunks(size);
        FencedLock lock = hz.getCPSubsystem().getLock("pi-queue-lock");
        IMap<String, Integer> queue = hz.getMap("pi-queue");
        IMap<Integer, Double> sums = hz.getMap("pi-sums");
        if (rank == 0) {
            queue.set("next", 0);
        }
        barrier("pi-start");
        long began = System.nanoTime();
        int taken = 0;
        while (true) {
            int c;
            lock.lock();
            try {
                c = queue.get("next");
                if (c < chunks) {
                    queue.set("next", c + 1);
                }
            } finally {
                lock.unlock();
            }
            if (c >= chunks) {
                break;
            }
            sums.set(c, SampleKernels.piChunk(size, c));
            taken++;
        }
        barrier("pi-done");
        long millis = (System.nanoTime() - began) / 1_000_000;
        double pi = Double.NaN;
        if (rank == 0) {
            Set<Integer> keys = new HashSet<>();
            for (int c = 0; c < chunks; c++) {
                keys.add(c);
            }
            Map<Integer, Double> all = sums.getAll(keys);
            double[] chunkSums = new double[chunks];
            for (int c = 0; c < chunks; c++) {
                Double s = all.get(c);
                if (s == null) {
                    throw new IllegalStateException("Pi on Hazelcast: chunk " + c + " has no sum");
                }
                chunkSums[c] = s;
            }
            pi = SampleKernels.piTotal(chunkSums);
            SampleKernels.piValidate(size, pi, "Hazelcast " + members + " members, member 0 took " + taken
                    + " chunks, kernel " + millis + " ms");
        }
        barrier("pi-end");
        return pi;
    }
}

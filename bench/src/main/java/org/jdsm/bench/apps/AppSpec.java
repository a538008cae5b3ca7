package org.jdsm.bench.apps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.samples.crypt.Crypt;
import org.jdsm.samples.crypt.CryptPlain;
import org.jdsm.samples.lu.Lu;
import org.jdsm.samples.lu.LuPlain;
import org.jdsm.samples.lufact.LuFact;
import org.jdsm.samples.lufact.LuFactPlain;
import org.jdsm.samples.mapcolour.MapColouring;
import org.jdsm.samples.mapcolour.MapColouringPlain;
import org.jdsm.samples.moldyn.MolDyn;
import org.jdsm.samples.moldyn.MolDynPlain;
import org.jdsm.samples.montecarlo.MonteCarlo;
import org.jdsm.samples.montecarlo.MonteCarloPlain;
import org.jdsm.samples.pi.Pi;
import org.jdsm.samples.pi.PiPlain;
import org.jdsm.samples.raytracer.RayTracer;
import org.jdsm.samples.raytracer.RayTracerPlain;
import org.jdsm.samples.raytracer.RayTracerQueue;
import org.jdsm.samples.series.Series;
import org.jdsm.samples.series.SeriesPlain;
import org.jdsm.samples.sor.Sor;
import org.jdsm.samples.sor.SorPlain;
import org.jdsm.samples.sparse.SparseMatmult;
import org.jdsm.samples.sparse.SparseMatmultPlain;
import org.jdsm.samples.water.Water;
import org.jdsm.samples.water.WaterPlain;

/**
 * One application of the suite: a sample of {@code samples/} (its {@code Spmd} job class and its
 * plain-Java reference), the name its validation prints ({@code <sample> PASS: ...}), and its sizes.
 *
 * @param key       the name on the command line ({@code --apps sor,lu})
 * @param sample    the name of the sample's PASS line and of its {@code Outcomes} checksum
 * @param jobClass  the {@code org.jdsm.Spmd} subclass
 * @param plain     the plain-Java run: threads and the job's arguments to the checksum
 * @param full      the job's arguments in a full run
 * @param quick     the job's arguments in a {@code --quick} run
 * @param sizeNote  what the full size is (e.g. "JGF size B")
 * @param target    whether DESIGN.md §8's "2 nodes within 10% of 2 threads" applies to this application
 * @param hazelcast whether a Hazelcast version exists ({@link HzKernels}: SOR and the lock-heavy Pi)
 */
record AppSpec(String key, String sample, String jobClass, PlainRun plain, List<String> full, List<String> quick,
               String sizeNote, boolean target, boolean hazelcast) {

    /** A sample's {@code ...Plain.run(threads, args)}. */
    @FunctionalInterface
    interface PlainRun {
        double run(int threads, List<String> args);
    }

    AppSpec {
        full = List.copyOf(full);
        quick = List.copyOf(quick);
    }

    /** The design's bar for the data-parallel samples: JDSM 2 nodes / plain 2 threads at most this. */
    static final double TARGET_RATIO = 1.10;

    /** The bar against Hazelcast: JDSM faster by an order of magnitude (Hazelcast / JDSM time). */
    static final double HAZELCAST_RATIO = 10.0;

    /**
     * The suite, in report order. Full sizes keep each configuration's kernel at a few seconds on a
     * 2-core machine (well under a minute even for the slowest configuration on a busy machine) and
     * use JGF/SPLASH sizes with published reference values where one fits, so validation needs no
     * sequential re-run.
     */
    static final List<AppSpec> ALL = List.of(
            new AppSpec("sor", "SOR", Sor.class.getName(), SorPlain::run,
                    List.of("1500", "100"), List.of("1000", "100"), "JGF size B (N=1500, 100 iterations)", true, true),
            new AppSpec("lu", "LU", Lu.class.getName(), LuPlain::run,
                    List.of("2048", "16"), List.of("1024", "16"), "SPLASH-2 N=2048, B=16", true, false),
            new AppSpec("series", "Series", Series.class.getName(), SeriesPlain::run,
                    List.of("40000"), List.of("10000"), "40,000 coefficients (JGF A is 10,000)", false, false),
            new AppSpec("sparse", "SparseMatmult", SparseMatmult.class.getName(), SparseMatmultPlain::run,
                    List.of("500000", "2500000", "200"), List.of("100000", "500000", "200"),
                    "JGF size C (500k x 500k, 2.5M nonzeros, 200 iterations)", false, false),
            new AppSpec("moldyn", "MolDyn", MolDyn.class.getName(), MolDynPlain::run,
                    List.of("8", "50"), List.of("8", "50"), "JGF size A (2,048 particles, 50 moves)", false, false),
            new AppSpec("lufact", "LUFact", LuFact.class.getName(), LuFactPlain::run,
                    List.of("1000"), List.of("500"), "JGF size B (N=1000)", false, false),
            new AppSpec("water", "Water", Water.class.getName(), WaterPlain::run,
                    List.of("8000", "3"), List.of("512", "3"),
                    "SPLASH-2 Water-nsquared, 8,000 molecules, 3 steps (a size where the work dominates)", true, false),
            new AppSpec("pi", "Pi", Pi.class.getName(), PiPlain::run,
                    List.of("10000000", "10000"), List.of("2000000", "2000"),
                    "10^7 intervals in 10,000 chunks: lock-heavy (one take from the locked work queue per 1,000"
                            + " intervals)", false, true),
            new AppSpec("raytracer", "RayTracer", RayTracer.class.getName(), RayTracerPlain::run,
                    List.of("500"), List.of("150"), "JGF size B (500 x 500 pixels)", false, false),
            new AppSpec("crypt", "Crypt", Crypt.class.getName(), CryptPlain::run,
                    List.of("20000000"), List.of("3000000"), "JGF size B (20,000,000 bytes)", false, false),
            new AppSpec("montecarlo", "MonteCarlo", MonteCarlo.class.getName(), MonteCarloPlain::run,
                    List.of("60000", "1000"), List.of("10000", "1000"),
                    "JGF size B (60,000 runs x 1,000 steps; generated price history)", false, false),
            new AppSpec("mapcolour", "MapColouring", MapColouring.class.getName(), MapColouringPlain::run,
                    List.of("29"), List.of("25"),
                    "Hyperion's 29 eastern US states, colours costing 1-4 (shared best under a lock)", false, false),
            new AppSpec("rtqueue", "RayTracerQueue", RayTracerQueue.class.getName(), RayTracerPlain::runQueued,
                    List.of("500"), List.of("150"),
                    "JESSICA's ray tracer: rows from a shared queue under a lock, 500 x 500", false, false));

    /** The applications named in {@code keys}, in suite order; fails on an unknown name. */
    static List<AppSpec> select(List<String> keys) {
        Map<String, AppSpec> byKey = new LinkedHashMap<>();
        ALL.forEach(a -> byKey.put(a.key(), a));
        for (String k : keys) {
            if (!byKey.containsKey(k)) {
                throw new IllegalArgumentException("unknown application '" + k + "'; known: " + byKey.keySet());
            }
        }
        List<AppSpec> out = new ArrayList<>();
        for (AppSpec a : ALL) {
            if (keys.contains(a.key())) {
                out.add(a);
            }
        }
        return out;
    }

    /** The same application with other job arguments (from {@code --size key=a:b:c}). */
    AppSpec withArgs(List<String> args, boolean quickRun) {
        return new AppSpec(key, sample, jobClass, plain, quickRun ? full : args, quickRun ? args : quick,
                "custom size " + String.join(" ", args), target, hazelcast);
    }

    /** The job's arguments for this run. */
    List<String> args(boolean quickRun) {
        return quickRun ? quick : full;
    }

    /** The sample by its {@link #sample} name (for a child JVM that gets only the name). */
    static AppSpec bySample(String sample) {
        for (AppSpec a : ALL) {
            if (a.sample().equals(sample)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown sample " + sample);
    }
}

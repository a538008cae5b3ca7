package org.jdsm.samples.support;

import java.util.List;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.jdsm.instrument.InstrumentingClassLoader;
import org.jdsm.runtime.InJvmJob;
import org.jdsm.runtime.Pools;
import org.junit.jupiter.params.provider.Arguments;

/** Runs a sample as an in-JVM JDSM job and returns the checksum its validation recorded. */
public final class SampleJob {

    /** System property that enables the 16-node runs, left out of the default test run for time. */
    public static final String SCALE_PROPERTY = "jdsm.samples.scale";

    private SampleJob() {
    }

    /** Runs {@code sample} (whose PASS/FAIL name is {@code name}); a failed validation throws. */
    public static double run(Class<? extends Spmd> sample, String name, String protocol, int nodes, int threadsPerNode,
            List<String> args) {
        return run(InJvmJob.of(sample), name, protocol, nodes, threadsPerNode, args);
    }

    /**
     * Runs the plain-code {@code sample} instrumented: it and the rest of its package load through
     * the rewriter (its kernel does the accesses), everything else as compiled.
     */
    public static double runInstrumented(Class<? extends Spmd> sample, String name, String protocol, int nodes,
            int threadsPerNode, List<String> args) {
        String pkg = sample.getPackageName() + ".";
        ClassLoader loader = new InstrumentingClassLoader(SampleJob.class.getClassLoader(), c -> c.startsWith(pkg));
        return run(InJvmJob.of(sample.getName(), loader), name, protocol, nodes, threadsPerNode, args);
    }

    private static double run(InJvmJob job, String name, String protocol, int nodes, int threadsPerNode, List<String> args) {
        if (!Pools.available().contains(protocol)) {
            throw new AssertionError("protocol '" + protocol + "' is not on the test class path (found "
                    + Pools.available() + "): samples/pom.xml needs org.jdsm:jdsm-protocols with scope test");
        }
        Outcomes.clear(name);
        job.nodes(nodes).threadsPerNode(threadsPerNode).protocol(protocol).args(args).run();
        return Outcomes.last(name).orElseThrow(() -> new AssertionError(name + " finished without validating"));
    }

    /** Protocol, nodes and threads per node for every sample: 1x1, 2x2 and 4x1 under both protocols. */
    public static Stream<Arguments> shapes() {
        return Stream.of("lrc", "sc").flatMap(p -> Stream.of(
                Arguments.of(p, 1, 1), Arguments.of(p, 2, 2), Arguments.of(p, 4, 1)));
    }
}

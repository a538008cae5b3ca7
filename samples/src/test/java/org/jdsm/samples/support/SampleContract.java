package org.jdsm.samples.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jdsm.Spmd;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tests every sample passes, at a small size: JDSM runs at several node and thread counts
 * under both protocols, 16 nodes behind {@link SampleJob#SCALE_PROPERTY}, and the plain-threads
 * version, each giving exactly the checksum of a one-thread run. A sample's test class extends it
 * and adds its own checks (published values, kernels).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SampleContract {

    /** A sample's plain-Java run: {@code ...Plain.run(threads, args)}, validating, returning the checksum. */
    @FunctionalInterface
    public interface PlainRun {
        double run(int threads, List<String> args);
    }

    private final Class<? extends Spmd> job;
    private final String name;
    private final List<String> small;
    private final PlainRun plain;
    private final ToDoubleFunction<List<String>> oneThread;
    private double sequential;

    /**
     * @param job   the sample's {@code Spmd} class
     * @param name  the name of its PASS line (and of its {@code Outcomes} checksum)
     * @param small job arguments small enough for many runs in a test
     * @param plain its plain-Java version
     * @param oneThread the one-thread checksum for given job arguments, which every run must reproduce
     */
    protected SampleContract(Class<? extends Spmd> job, String name, List<String> small, PlainRun plain,
            ToDoubleFunction<List<String>> oneThread) {
        this.job = job;
        this.name = name;
        this.small = List.copyOf(small);
        this.plain = plain;
        this.oneThread = oneThread;
    }

    /** As above, the one-thread checksum being the plain version's on one thread. */
    protected SampleContract(Class<? extends Spmd> job, String name, List<String> small, PlainRun plain) {
        this(job, name, small, plain, args -> plain.run(1, args));
    }

    /** Runs the sample as an in-JVM JDSM job; returns its validated checksum. */
    protected double runJob(String protocol, int nodes, int threadsPerNode, List<String> args) {
        return SampleJob.run(job, name, protocol, nodes, threadsPerNode, args);
    }

    /** The checksum of the one-thread run every other run must reproduce. */
    protected final double sequential() {
        return sequential;
    }

    /** The small job arguments the contract runs with. */
    protected final List<String> small() {
        return small;
    }

    /** The name of the sample's PASS/FAIL line. */
    protected final String name() {
        return name;
    }

    /** How far a run's checksum may be from the one-thread run's; exact unless a sample sums in another order. */
    protected double tolerance() {
        return 0.0;
    }

    @BeforeAll
    final void sequentialRun() {
        sequential = oneThread.applyAsDouble(small);
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void dsmRunMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential, runJob(protocol, nodes, threadsPerNode, small), tolerance());
    }

    /** Correctness at scale (slow on a small machine): {@code -Djdsm.samples.scale=true} enables it. */
    @ParameterizedTest(name = "{0} 16x1")
    @ValueSource(strings = {"lrc", "sc"})
    @EnabledIfSystemProperty(named = SampleJob.SCALE_PROPERTY, matches = "true")
    @Timeout(120)
    void sixteenNodesMatchTheSequentialRun(String protocol) {
        assertEquals(sequential, runJob(protocol, 16, 1, small), tolerance());
    }

    @Test
    @Timeout(30)
    void plainThreadsMatchTheSequentialRun() {
        assertEquals(sequential, plain.run(3, small), tolerance());
    }
}

package org.jdsm.samples.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SampleContract} for a sample that also exists as plain code (no DSM calls): instrumented
 * by the agent's rewriter, the plain-code version reproduces the explicit version's checksum at
 * every node and thread count under both protocols.
 */
public abstract class PlainCodeContract extends SampleContract {

    private final Class<? extends Spmd> plainCode;

    /**
     * @param plainCode the plain-code job, run through the instrumenting class loader
     * @see SampleContract#SampleContract(Class, String, List, PlainRun)
     */
    protected PlainCodeContract(Class<? extends Spmd> job, Class<? extends Spmd> plainCode, String name,
            List<String> small, PlainRun plain) {
        super(job, name, small, plain);
        this.plainCode = plainCode;
    }

    /** As above, with the one-thread checksum computed by {@code oneThread}. */
    protected PlainCodeContract(Class<? extends Spmd> job, Class<? extends Spmd> plainCode, String name,
            List<String> small, PlainRun plain, ToDoubleFunction<List<String>> oneThread) {
        super(job, name, small, plain, oneThread);
        this.plainCode = plainCode;
    }

    /** The plain-code job (for a sample's own extra checks, e.g. that it fails uninstrumented). */
    protected final Class<? extends Spmd> plainCode() {
        return plainCode;
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void plainCodeInstrumentedMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential(), SampleJob.runInstrumented(plainCode, name(), protocol, nodes, threadsPerNode, small()),
                tolerance());
    }
}

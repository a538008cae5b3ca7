package org.jdsm.instrument;

import java.lang.instrument.Instrumentation;

/**
 * The {@code -javaagent} entry point ({@code Premain-Class} of jdsm-instrument.jar and of jdsm.jar):
 * {@code jdsm run --instrument} starts every node JVM with it, so the job's classes are rewritten
 * as they load.
 */
public final class Agent {

    private Agent() {
    }

    /** Installs the transformer that rewrites job classes. */
    public static void premain(String options, Instrumentation instrumentation) {
        instrumentation.addTransformer(new AgentTransformer());
    }
}

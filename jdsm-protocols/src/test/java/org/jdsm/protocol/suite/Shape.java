package org.jdsm.protocol.suite;

/** How a job is laid out: nodes (each one in-JVM {@code NodeRuntime}) times threads per node. */
public record Shape(int nodes, int threadsPerNode) {

    public int threads() {
        return nodes * threadsPerNode;
    }

    @Override
    public String toString() {
        return nodes + "x" + threadsPerNode;
    }
}

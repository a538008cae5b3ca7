package org.jdsm.protocol.suite;

import java.util.List;

/**
 * What a {@link RandomProgram} must observe, computed by running it in plain Java on one thread
 * (phase by phase, thread after thread: one legal order). Because the program is data-race-free,
 * every read of an owned or read-only element has exactly one correct value. Locked elements are
 * only incremented, so whatever the lock order, a read there sees a value between the phase's
 * start and end values, and the end value is exact.
 */
public final class SequentialOracle {

    private final long[][] start;
    private final long[][] end;
    /** Exact expected value of each owned or read-only read, by phase, thread and op index. */
    private final long[][][] reads;

    private SequentialOracle(long[][] start, long[][] end, long[][][] reads) {
        this.start = start;
        this.end = end;
        this.reads = reads;
    }

    public static SequentialOracle replay(RandomProgram program) {
        List<RandomProgram.Phase> phases = program.phases();
        long[] memory = program.initial();
        long[][] start = new long[phases.size()][];
        long[][] end = new long[phases.size()][];
        long[][][] reads = new long[phases.size()][][];
        for (int ph = 0; ph < phases.size(); ph++) {
            start[ph] = memory.clone();
            List<List<RandomProgram.Op>> byThread = phases.get(ph).byThread();
            reads[ph] = new long[byThread.size()][];
            for (int t = 0; t < byThread.size(); t++) {
                List<RandomProgram.Op> ops = byThread.get(t);
                reads[ph][t] = new long[ops.size()];
                for (int i = 0; i < ops.size(); i++) {
                    RandomProgram.Op op = ops.get(i);
                    switch (op.kind()) {
                        case WRITE_OWN -> memory[op.element()] = op.value();
                        case READ_OWN, READ_SHARED -> reads[ph][t][i] = memory[op.element()];
                        case LOCKED_INCREMENT -> memory[op.element()]++;
                        case LOCKED_READ -> { } // order-dependent; checked against the phase's bounds
                    }
                }
            }
            end[ph] = memory.clone();
        }
        return new SequentialOracle(start, end, reads);
    }

    /** Value of {@code element} when phase {@code phase} begins. */
    public long start(int phase, int element) {
        return start[phase][element];
    }

    /** Value of {@code element} after phase {@code phase}'s barrier. */
    public long end(int phase, int element) {
        return end[phase][element];
    }

    /** Exact value that op {@code op} of {@code thread} reads (owned and read-only reads only). */
    public long read(int phase, int thread, int op) {
        return reads[phase][thread][op];
    }
}

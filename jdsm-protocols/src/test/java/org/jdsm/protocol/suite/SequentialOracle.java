package org.jdsm.protocol.suite;

import java.util.List;

/**
 * What a {@link RandomProgram} must observe, computed by running it in plain Java on one thread
 * (phase by phase, thread after thread: one legal order). Because the program is data-race-free,
 * every read of an owned or read-only element has exactly one correct value. Locked elements are
 * only incremented, so whatever the lock order, a read there sees a value between the phase's
 * start and end values, and the end value is exact. A phase's chain turns touch only the baton and
 * the turn counter, so they are replayed apart, in turn order.
 */
public final class SequentialOracle {

    private final long[][] start;
    private final long[][] end;
    /** Exact expected values of each owned or read-only read (one per element it reads), by phase, thread and op index. */
    private final long[][][][] reads;

    private SequentialOracle(long[][] start, long[][] end, long[][][][] reads) {
        this.start = start;
        this.end = end;
        this.reads = reads;
    }

    public static SequentialOracle replay(RandomProgram program) {
        List<RandomProgram.Phase> phases = program.phases();
        long[] memory = program.initial();
        long[][] start = new long[phases.size()][];
        long[][] end = new long[phases.size()][];
        long[][][][] reads = new long[phases.size()][][][];
        for (int ph = 0; ph < phases.size(); ph++) {
            start[ph] = memory.clone();
            List<List<RandomProgram.Op>> byThread = phases.get(ph).byThread();
            reads[ph] = new long[byThread.size()][][];
            RandomProgram.Op[] turns = new RandomProgram.Op[byThread.size()];
            for (int t = 0; t < byThread.size(); t++) {
                List<RandomProgram.Op> ops = byThread.get(t);
                reads[ph][t] = new long[ops.size()][];
                for (int i = 0; i < ops.size(); i++) {
                    RandomProgram.Op op = ops.get(i);
                    switch (op.kind()) {
                        case WRITE_OWN -> memory[op.element()] = op.value();
                        case RANGE_WRITE_OWN, ASYNC_WRITE_OWN, OBJECT_WRITE_OWN, HELD_WRITE -> op.group().forEach(e -> memory[e] = op.valueFor(e));
                        case READ_OWN, READ_SHARED, RANGE_READ, OBJECT_READ, HOLD_TOUCH -> reads[ph][t][i] = op.group().stream().mapToLong(e -> memory[e]).toArray();
                        case LOCKED_INCREMENT -> memory[op.element()]++;
                        case NESTED_INCREMENT -> op.group().forEach(e -> memory[e]++);
                        case LOCKED_READ -> { } // order-dependent; checked against the phase's bounds
                        case CHAIN_TURN -> turns[op.mode()] = op;
                        case HOLD_ASYNC, HOLD_RELEASE, HOLD_LOCK, HOLD_UNLOCK -> { } // no data
                    }
                }
            }
            replayChain(turns, byThread, memory, reads[ph]);
            end[ph] = memory.clone();
        }
        return new SequentialOracle(start, end, reads);
    }

    /** Each turn reads the baton its predecessor stored (the first, the phase's start value) and counts one turn. */
    private static void replayChain(RandomProgram.Op[] turns, List<List<RandomProgram.Op>> byThread, long[] memory, long[][][] reads) {
        for (RandomProgram.Op turn : turns) {
            if (turn == null) {
                return;
            }
            int baton = turn.group().get(0);
            for (int t = 0; t < byThread.size(); t++) {
                int i = byThread.get(t).indexOf(turn);
                if (i >= 0) {
                    reads[t][i] = new long[] {memory[baton]};
                }
            }
            memory[baton] = turn.value();
            memory[turn.group().get(1)]++;
        }
    }

    /** Value of {@code element} when phase {@code phase} begins. */
    public long start(int phase, int element) {
        return start[phase][element];
    }

    /** Value of {@code element} after phase {@code phase}'s barrier. */
    public long end(int phase, int element) {
        return end[phase][element];
    }

    /** Exact value that op {@code op} of {@code thread} reads (owned and read-only reads and chain turns only). */
    public long read(int phase, int thread, int op) {
        return reads[phase][thread][op][0];
    }

    /** Exact value that op {@code op} of {@code thread} reads of the {@code k}th element of its group (owned and read-only). */
    public long read(int phase, int thread, int op, int k) {
        return reads[phase][thread][op][k];
    }
}

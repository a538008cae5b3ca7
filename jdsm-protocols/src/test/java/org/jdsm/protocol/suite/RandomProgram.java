package org.jdsm.protocol.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A seeded random program over one shared {@code long[]} that is data-race-free by construction.
 * It runs in phases separated by barriers; each phase gives every element one role: owned by one
 * thread (only that thread reads and writes it), guarded by one of a few locks (read or incremented
 * only under that lock), or read-only (anyone reads it, nobody writes). Roles are drawn afresh each
 * phase, so values written by one thread are read by others in later phases. The same seed gives
 * the same program on every node and in {@link SequentialOracle}.
 */
public final class RandomProgram {

    /** What an operation does to its element. */
    public enum Kind {
        /** Owner stores {@link Op#value()} under acquire/release of the element. */
        WRITE_OWN,
        /** Owner reads its element. */
        READ_OWN,
        /** Anyone reads a read-only element. */
        READ_SHARED,
        /** Under the element's lock: read, then store the value plus one. */
        LOCKED_INCREMENT,
        /** Under the element's lock: read. */
        LOCKED_READ
    }

    /** One operation; {@code lock} is the guarding lock for locked kinds, {@code value} what WRITE_OWN stores. */
    public record Op(Kind kind, int element, int lock, long value, int delayMicros) {
    }

    /** One phase: each thread's operations, in order. */
    public record Phase(List<List<Op>> byThread) {
    }

    /** The size of a program. */
    public record Params(long seed, int threads, int length, int locks, int phases, int opsPerThread) {
    }

    private static final int MAX_DELAY_MICROS = 200;

    private final Params params;
    private final long[] initial;
    private final List<Phase> phases;

    private RandomProgram(Params params, long[] initial, List<Phase> phases) {
        this.params = params;
        this.initial = initial;
        this.phases = phases;
    }

    public Params params() {
        return params;
    }

    /** The array's contents before the first phase (a fresh copy). */
    public long[] initial() {
        return initial.clone();
    }

    public List<Phase> phases() {
        return phases;
    }

    public static RandomProgram generate(Params p) {
        Random rnd = new Random(p.seed());
        long[] initial = new long[p.length()];
        for (int e = 0; e < initial.length; e++) {
            initial[e] = 1_000_000_007L * (e + 1);
        }
        List<Phase> phases = new ArrayList<>();
        for (int ph = 0; ph < p.phases(); ph++) {
            phases.add(phase(rnd, p, ph));
        }
        return new RandomProgram(p, initial, phases);
    }

    private static Phase phase(Random rnd, Params p, int phase) {
        int[] owner = new int[p.length()];
        int[] lock = new int[p.length()];
        Arrays.fill(owner, -1);
        Arrays.fill(lock, -1);
        List<Integer> locked = new ArrayList<>();
        List<Integer> readOnly = new ArrayList<>();
        for (int e = 0; e < p.length(); e++) {
            switch (rnd.nextInt(4)) {
                case 0, 1 -> owner[e] = rnd.nextInt(p.threads());
                case 2 -> {
                    lock[e] = rnd.nextInt(p.locks());
                    locked.add(e);
                }
                default -> readOnly.add(e);
            }
        }
        List<List<Op>> byThread = new ArrayList<>();
        for (int t = 0; t < p.threads(); t++) {
            List<Integer> owned = new ArrayList<>();
            for (int e = 0; e < p.length(); e++) {
                if (owner[e] == t) {
                    owned.add(e);
                }
            }
            List<Kind> possible = new ArrayList<>();
            if (!owned.isEmpty()) {
                possible.addAll(List.of(Kind.WRITE_OWN, Kind.WRITE_OWN, Kind.READ_OWN));
            }
            if (!readOnly.isEmpty()) {
                possible.add(Kind.READ_SHARED);
            }
            if (!locked.isEmpty()) {
                possible.addAll(List.of(Kind.LOCKED_INCREMENT, Kind.LOCKED_INCREMENT, Kind.LOCKED_READ));
            }
            List<Op> ops = new ArrayList<>();
            for (int i = 0; i < p.opsPerThread() && !possible.isEmpty(); i++) {
                Kind kind = possible.get(rnd.nextInt(possible.size()));
                int element = switch (kind) {
                    case WRITE_OWN, READ_OWN -> pick(rnd, owned);
                    case READ_SHARED -> pick(rnd, readOnly);
                    case LOCKED_INCREMENT, LOCKED_READ -> pick(rnd, locked);
                };
                // Unique per write: phase, thread, op index and element are all encoded.
                long value = ((long) (phase + 1) << 48) | ((long) t << 32) | ((long) i << 16) | element;
                int delay = rnd.nextInt(4) == 0 ? rnd.nextInt(MAX_DELAY_MICROS) : 0;
                ops.add(new Op(kind, element, lock[element], value, delay));
            }
            byThread.add(ops);
        }
        return new Phase(byThread);
    }

    private static int pick(Random rnd, List<Integer> from) {
        return from.get(rnd.nextInt(from.size()));
    }
}

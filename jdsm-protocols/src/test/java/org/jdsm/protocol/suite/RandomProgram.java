package org.jdsm.protocol.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;

/**
 * A seeded random program over one shared {@code long[]} that is data-race-free by construction.
 * It runs in phases separated by barriers; each phase gives every element one role: owned by one
 * thread (only that thread reads and writes it), guarded by one of a few locks (read or incremented
 * only under that lock), or read-only (anyone reads it, nobody writes). Roles are drawn afresh each
 * phase, so values written by one thread are read by others in later phases. The same seed gives
 * the same program on every node and in {@link SequentialOracle}.
 *
 * <p>A {@link Params#mixed() mixed} program also uses the less-travelled calls, still race-free:
 * range writes and reads over several blocks, {@code acquireAsync} of several owned elements touched
 * late, {@code updateAsync} of ranges, nested locks (two locks, one taken twice), and per phase a
 * chain of threads handing a baton element on in turn through condition waits on one of the locks.
 * With {@link Holds} it also holds blocks and a single shared object across barriers ({@link HeldUnits}).
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
        LOCKED_READ,
        /**
         * Mixed only: owner stores into each of {@link Op#group()} under one acquire/release of the range spanning them;
         * in {@link Op#mode()} 1 inside a hold of its first element's block, released last (a nested range release).
         */
        RANGE_WRITE_OWN,
        /** Mixed only: owner {@code acquireAsync}s each of {@link Op#group()} in order, touches them late, stores, releases. */
        ASYNC_WRITE_OWN,
        /**
         * Mixed only: makes range [{@link Op#element()}, {@link Op#to()}) current ({@link Op#mode()} 0 by
         * {@code update}, 1 by {@code updateAsync} touched late, 2 by {@code updateAsync} and then {@code update}),
         * then reads {@link Op#group()}, the owned and read-only elements in it.
         */
        RANGE_READ,
        /** Mixed only: under lock {@link Op#lock()} and lock {@link Op#mode()} (the first taken twice), increments both of {@link Op#group()}. */
        NESTED_INCREMENT,
        /**
         * Mixed only: waits under lock {@link Op#lock()} until the turn counter {@code group[1]} says it is
         * turn {@link Op#mode()} (condition waits of {@link Op#waitMillis()}, 0: no limit), then reads and
         * stores the baton {@code group[0]}, counts the turn and signals all.
         */
        CHAIN_TURN,
        /**
         * Holds only: owner stores into each of {@link Op#group()}, its cells of the single shared object, under
         * {@code acquire(obj)} ({@link Op#mode()} 0) or {@code acquireAsync(obj)} touched late (1).
         */
        OBJECT_WRITE_OWN,
        /**
         * Holds only: makes the single shared object current ({@link Op#mode()} 0 by {@code update(obj)}, 1 by
         * {@code updateAsync(obj)} touched late, 2 by {@code updateAsync(obj)} and then {@code update(obj)}), then
         * reads {@link Op#group()}, its own and read-only cells.
         */
        OBJECT_READ,
        /** Holds only: the phase's last op, {@code acquireAsync} of the held unit [{@link Op#element()}, {@link Op#to()}), kept across the barrier. */
        HOLD_ASYNC,
        /** Holds only: touches the future of the unit [{@link Op#element()}, {@link Op#to()}) taken before the barrier, reads {@link Op#group()}. */
        HOLD_TOUCH,
        /** Holds only: stores into {@link Op#group()}, its elements of the held unit starting at {@link Op#element()}, with no acquire of its own. */
        HELD_WRITE,
        /** Holds only: releases the held unit starting at {@link Op#element()}. */
        HOLD_RELEASE,
        /** Holds only: takes lock {@link Op#lock()} (the lowest) while holding, or about to hold, held units. */
        HOLD_LOCK,
        /** Holds only: lets go of lock {@link Op#lock()} taken by {@link #HOLD_LOCK}, before or after the units' releases. */
        HOLD_UNLOCK
    }

    /**
     * One operation; {@code lock} is the guarding lock for locked kinds, {@code value} what WRITE_OWN
     * stores. The mixed kinds also use {@code group} (the elements they touch), {@code to} (end of a
     * range), {@code mode} (what each kind says) and {@code waitMillis}.
     */
    public record Op(Kind kind, int element, int lock, long value, int delayMicros, List<Integer> group, int to, int mode,
                     int waitMillis) {

        Op(Kind kind, int element, int lock, long value, int delayMicros) {
            this(kind, element, lock, value, delayMicros, List.of(element), element + 1, 0, 0);
        }

        /** What a write of this op stores into {@code e} (unique per write: the value's element bits say which). */
        public long valueFor(int e) {
            return value & ~0xFFFFL | e;
        }
    }

    /**
     * One phase: each thread's operations, in order, and the {@link Holds held units} some thread
     * acquired before the phase's barrier and still holds after it.
     */
    public record Phase(List<List<Op>> byThread, List<Unit> heldAcross) {
    }

    /** Elements [{@code from}, {@code to}): one block of the array, or (from the program's length on) the single shared object. */
    public record Unit(int from, int to) {
    }

    /** The size of a program. */
    public record Params(long seed, int threads, int length, int locks, int phases, int opsPerThread, boolean mixed, Holds holds) {

        /** A program without holds across barriers. */
        public Params(long seed, int threads, int length, int locks, int phases, int opsPerThread, boolean mixed) {
            this(seed, threads, length, locks, phases, opsPerThread, mixed, Holds.NONE);
        }
    }

    /**
     * Holds across barriers, for mixed programs: the first {@code blocks} blocks of {@code blockLength}
     * elements, and {@code cells} more elements (the program's from {@link Params#length()} on) that
     * live in a single shared object, are the held units. A thread may take one with
     * {@code acquireAsync} as its phase's last op and touch, write and release it after the barrier,
     * taking locks and other blocks meanwhile (see {@link HeldUnits}).
     */
    public record Holds(int blockLength, int blocks, int cells) {
        /** No held units: the program is as without holds, draw for draw. */
        public static final Holds NONE = new Holds(1, 0, 0);

        boolean on() {
            return blocks > 0 || cells > 0;
        }
    }

    private static final int MAX_DELAY_MICROS = 200;
    /** Longest range a mixed range op spans, in elements (several blocks of the suite's jobs). */
    private static final int MAX_SPAN = 20;
    /** Time-outs of the chain's condition waits: none, some that run out often, one that rarely does. */
    private static final int[] WAIT_MILLIS = {0, 0, 1, 5, 50};

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

    /** The contents before the first phase (a fresh copy): the array's elements, then the single object's cells. */
    public long[] initial() {
        return initial.clone();
    }

    public List<Phase> phases() {
        return phases;
    }

    public static RandomProgram generate(Params p) {
        Random rnd = new Random(p.seed());
        long[] initial = new long[p.length() + p.holds().cells()];
        for (int e = 0; e < initial.length; e++) {
            initial[e] = 1_000_000_007L * (e + 1);
        }
        List<Phase> phases = new ArrayList<>();
        HeldUnits held = new HeldUnits(p);
        for (int ph = 0; ph < p.phases(); ph++) {
            phases.add(phase(rnd, p, ph, held));
        }
        return new RandomProgram(p, initial, phases);
    }

    private static Phase phase(Random rnd, Params p, int phase, HeldUnits held) {
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
        // The chain's baton and turn counter: no other op touches them this phase (nor are they held units).
        int low = held.firstFree();
        int[] chain = p.mixed() ? new int[] {low + rnd.nextInt(p.length() / 2 - low), p.length() / 2 + rnd.nextInt(p.length() / 2)}
                : new int[0];
        for (int e : chain) {
            owner[e] = -1;
            lock[e] = -1;
            locked.remove((Integer) e);
            readOnly.remove((Integer) e);
        }
        held.assignRoles(rnd, phase, owner, lock, locked, readOnly);
        OpDrawer draw = new OpDrawer(p, phase, owner, lock, locked, readOnly, held);
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
                if (p.mixed()) {
                    possible.addAll(List.of(Kind.RANGE_WRITE_OWN, Kind.ASYNC_WRITE_OWN));
                }
            }
            if (!readOnly.isEmpty()) {
                possible.add(Kind.READ_SHARED);
            }
            if (!locked.isEmpty()) {
                possible.addAll(List.of(Kind.LOCKED_INCREMENT, Kind.LOCKED_INCREMENT, Kind.LOCKED_READ));
                if (p.mixed() && locked.size() > 1) {
                    possible.add(Kind.NESTED_INCREMENT);
                }
            }
            if (p.mixed()) {
                possible.add(Kind.RANGE_READ);
            }
            possible.addAll(held.objectKinds(t));
            List<Op> ops = new ArrayList<>();
            for (int i = 0; i < p.opsPerThread() && !possible.isEmpty(); i++) {
                ops.add(draw.op(rnd, t, i, possible.get(rnd.nextInt(possible.size())), owned, readOnly));
            }
            byThread.add(ops);
        }
        if (p.mixed()) {
            addChain(rnd, p, phase, chain, byThread);
        }
        held.addHolds(rnd, phase, byThread, draw);
        return new Phase(byThread, held.heldAcross(phase));
    }

    /** Draws one op of a phase whose roles are set; {@link HeldUnits} draws the ops of its hold windows here too. */
    static final class OpDrawer {
        private final Params p;
        private final int phase;
        private final int[] owner;
        private final int[] lock;
        private final List<Integer> locked;
        private final List<Integer> readOnly;
        private final HeldUnits held;

        private OpDrawer(Params p, int phase, int[] owner, int[] lock, List<Integer> locked, List<Integer> readOnly, HeldUnits held) {
            this.p = p;
            this.phase = phase;
            this.owner = owner;
            this.lock = lock;
            this.locked = locked;
            this.readOnly = readOnly;
            this.held = held;
        }

        /** The phase's locked elements. */
        List<Integer> locked() {
            return locked;
        }

        /** Thread {@code t}'s op {@code i} of {@code kind}, on its {@code owned} elements or the {@code shared} read-only ones. */
        Op op(Random rnd, int t, int i, Kind kind, List<Integer> owned, List<Integer> shared) {
            int element = switch (kind) {
                case WRITE_OWN, READ_OWN, RANGE_WRITE_OWN, ASYNC_WRITE_OWN -> pick(rnd, owned);
                case READ_SHARED -> pick(rnd, shared);
                case LOCKED_INCREMENT, LOCKED_READ, NESTED_INCREMENT -> pick(rnd, locked);
                case RANGE_READ -> held.rangeStart(rnd, phase, rnd.nextInt(p.length()));
                case OBJECT_WRITE_OWN, OBJECT_READ -> p.length();
                default -> throw new AssertionError(kind + " ops are placed apart");
            };
            // Unique per write: phase, thread, op index and element are all encoded.
            long value = ((long) (phase + 1) << 48) | ((long) t << 32) | ((long) i << 16) | element;
            int delay = rnd.nextInt(4) == 0 ? rnd.nextInt(MAX_DELAY_MICROS) : 0;
            Op op = new Op(kind, element, kind == Kind.RANGE_READ || element >= p.length() ? -1 : lock[element], value, delay);
            return switch (kind) {
                case RANGE_WRITE_OWN -> withGroup(op, near(rnd, held.sameUnit(owned, element), element, 4), rnd.nextInt(2));
                case ASYNC_WRITE_OWN -> withGroup(op, near(rnd, owned, element, 3), 0);
                case RANGE_READ -> rangeRead(rnd, op, held.rangeLimit(element), e -> owner[e] == t || readOnly.contains(e));
                case NESTED_INCREMENT -> nested(rnd, op, locked, lock);
                case OBJECT_WRITE_OWN -> withGroup(op, held.someCells(rnd, held.ownCells(t)), rnd.nextInt(2));
                case OBJECT_READ -> withGroup(op, held.someCells(rnd, held.readableCells(t)), rnd.nextInt(3));
                default -> op;
            };
        }
    }

    static Op withGroup(Op op, List<Integer> group, int mode) {
        return new Op(op.kind(), group.get(0), op.lock(), op.value(), op.delayMicros(), group, group.get(group.size() - 1) + 1,
                mode, 0);
    }

    /** Up to {@code most} of {@code from} (ascending) within {@link #MAX_SPAN} of {@code first}, which is one of them. */
    static List<Integer> near(Random rnd, List<Integer> from, int first, int most) {
        List<Integer> out = new ArrayList<>();
        for (int e : from) {
            if (e == first || e > first && e < first + MAX_SPAN && out.size() < most && rnd.nextBoolean()) {
                out.add(e);
            }
        }
        return out;
    }

    /** A range from the op's element, spanning up to {@link #MAX_SPAN} elements, ending by {@code limit}; it checks those {@code checked} says. */
    private static Op rangeRead(Random rnd, Op op, int limit, IntPredicate checked) {
        int to = Math.min(limit, op.element() + 1 + rnd.nextInt(MAX_SPAN));
        List<Integer> group = new ArrayList<>();
        for (int e = op.element(); e < to; e++) {
            if (checked.test(e)) {
                group.add(e);
            }
        }
        return new Op(op.kind(), op.element(), -1, op.value(), op.delayMicros(), group, to, rnd.nextInt(3), 0);
    }

    /**
     * The op's element and another locked one, the range [{@code element}, {@code to}) spanning both; {@code lock} the
     * lower of their locks, {@code mode} the higher (maybe the same).
     */
    private static Op nested(Random rnd, Op op, List<Integer> locked, int[] lockOf) {
        int other = op.element();
        while (other == op.element()) {
            other = pick(rnd, locked);
        }
        int low = Math.min(lockOf[op.element()], lockOf[other]);
        int high = Math.max(lockOf[op.element()], lockOf[other]);
        int first = Math.min(op.element(), other);
        int last = Math.max(op.element(), other);
        return new Op(op.kind(), first, low, op.value(), op.delayMicros(), List.of(first, last), last + 1, high, 0);
    }

    /**
     * Places a chain turn at a random point of a random number (two or more) of threads' ops, in a
     * random turn order, all under one random lock (which locked ops use too).
     */
    private static void addChain(Random rnd, Params p, int phase, int[] chain, List<List<Op>> byThread) {
        List<Integer> members = new ArrayList<>();
        for (int t = 0; t < p.threads(); t++) {
            members.add(t);
        }
        Collections.shuffle(members, rnd);
        int count = Math.min(p.threads(), 2 + rnd.nextInt(p.threads()));
        int lock = rnd.nextInt(p.locks());
        for (int turn = 0; turn < count; turn++) {
            int t = members.get(turn);
            long value = ((long) (phase + 1) << 48) | ((long) t << 32) | (0xFFFFL << 16) | chain[0];
            List<Op> ops = byThread.get(t);
            ops.add(rnd.nextInt(ops.size() + 1), new Op(Kind.CHAIN_TURN, chain[0], lock, value, 0,
                    List.of(chain[0], chain[1]), chain[0] + 1, turn, WAIT_MILLIS[rnd.nextInt(WAIT_MILLIS.length)]));
        }
    }

    static int pick(Random rnd, List<Integer> from) {
        return from.get(rnd.nextInt(from.size()));
    }
}

package org.jdsm.protocol.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jdsm.protocol.suite.RandomProgram.Kind;
import org.jdsm.protocol.suite.RandomProgram.Op;
import org.jdsm.protocol.suite.RandomProgram.Params;
import org.jdsm.protocol.suite.RandomProgram.Unit;

/**
 * The holds across barriers of a {@link RandomProgram} ({@link RandomProgram.Holds}): its held units
 * (the single shared object's cells, then the first blocks of the array), which threads hold which
 * across each barrier, and the roles and ops that keep such programs data-race-free and free of
 * deadlock. Without holds it draws nothing and changes nothing, so other programs stay as they were.
 *
 * <p>Why it cannot deadlock: resources are taken in one order, held units (object first, blocks
 * ascending) before locks before the other blocks (ascending), since no held unit is ever a locked
 * element's, a chain's or a range's that starts outside the units. A unit some thread takes with
 * {@code acquireAsync} as its phase's last op belongs to that thread alone in that phase (all its
 * elements are the holder's), as no other thread could take it, nor under SC even read it, before the
 * holder lets go after the barrier; the end-of-phase check skips it. After the barrier the holder
 * runs a hold window first: the touches, writes and releases of its units, in random order, among
 * ops that take only locks and other blocks (and, maybe, the lowest lock held across some of it).
 * A unit held across a barrier is taken across the next one by its holder again or by nobody: the
 * holder's acquireAsync is only started before the barrier and may reach the block's queue after
 * other threads' acquires of the next phase (it waits behind the thread's earlier acquireAsync
 * calls), so another thread's acquireAsync at the phase's end could take the unit first and hold it
 * across a barrier the holder cannot reach without it (seeds 1004 and 1095 of the holds soak hung so).
 */
final class HeldUnits {

    /** Marks in the op-index bits of a window op's values, apart from the phase's own op indices and chain turns. */
    private static final int WINDOW_OPS = 0xE000;
    private static final int HELD_WRITES = 0xD000;

    private final Params p;
    /** Object first, then the array's held blocks ascending: the order in which a thread takes several. */
    private final List<Unit> units = new ArrayList<>();
    private final int firstFree;
    /** Per unit: the thread that took it before the previous phase's barrier and holds it now, or -1. */
    private int[] holderBefore;
    /** Per unit: the thread that takes it before this phase's barrier, or -1. */
    private int[] holderNext;
    /** Per cell of the single object: its owner this phase, or -1 (read-only). */
    private final int[] cellOwner;
    private int[] owner;
    private List<Integer> readOnly;

    HeldUnits(Params p) {
        this.p = p;
        RandomProgram.Holds h = p.holds();
        if (h.cells() > 0) {
            units.add(new Unit(p.length(), p.length() + h.cells()));
        }
        for (int b = 0; b < h.blocks(); b++) {
            units.add(new Unit(b * h.blockLength(), (b + 1) * h.blockLength()));
        }
        firstFree = h.blocks() * h.blockLength();
        holderNext = new int[units.size()];
        Arrays.fill(holderNext, -1);
        cellOwner = new int[h.cells()];
    }

    /** The first array element past the held blocks (0 without holds). */
    int firstFree() {
        return firstFree;
    }

    /**
     * Draws which thread takes which unit before this phase's barrier and gives the held elements
     * their roles: a unit taken at the barrier wholly its taker's, others owned or read-only, never locked.
     */
    void assignRoles(Random rnd, int phase, int[] owner, int[] lock, List<Integer> locked, List<Integer> readOnly) {
        this.owner = owner;
        this.readOnly = readOnly;
        if (!p.holds().on()) {
            return;
        }
        holderBefore = holderNext;
        holderNext = new int[units.size()];
        for (int u = 0; u < units.size(); u++) {
            int drawn = phase + 1 < p.phases() && rnd.nextBoolean() ? rnd.nextInt(p.threads()) : -1;
            // A unit held across this phase's opening barrier is taken across its closing one by its holder or by nobody:
            // another thread's acquireAsync could queue for the block before the holder's (which may wait behind its
            // earlier acquireAsync calls) and then hold it across the closing barrier, which the holder never reaches.
            holderNext[u] = drawn < 0 || holderBefore[u] < 0 ? drawn : holderBefore[u];
        }
        for (int e = 0; e < firstFree; e++) {
            int taker = holderNext[unitOf(e)];
            if (taker >= 0 || lock[e] >= 0) {
                owner[e] = taker >= 0 ? taker : rnd.nextInt(p.threads());
                lock[e] = -1;
                locked.remove((Integer) e);
                readOnly.remove((Integer) e);
            }
        }
        int taker = p.holds().cells() > 0 ? holderNext[0] : -1;
        for (int c = 0; c < cellOwner.length; c++) {
            cellOwner[c] = taker >= 0 ? taker : rnd.nextInt(3) == 0 ? -1 : rnd.nextInt(p.threads());
        }
    }

    /** The single-object ops thread {@code t} may draw this phase. */
    List<Kind> objectKinds(int t) {
        List<Kind> out = new ArrayList<>();
        if (!ownCells(t).isEmpty()) {
            out.add(Kind.OBJECT_WRITE_OWN);
        }
        if (!readableCells(t).isEmpty()) {
            out.add(Kind.OBJECT_READ);
        }
        return out;
    }

    /** Cells (as program elements) that thread {@code t} owns this phase. */
    List<Integer> ownCells(int t) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < cellOwner.length; c++) {
            if (cellOwner[c] == t) {
                out.add(p.length() + c);
            }
        }
        return out;
    }

    /** Cells thread {@code t} may read this phase: its own and the read-only ones. */
    List<Integer> readableCells(int t) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < cellOwner.length; c++) {
            if (cellOwner[c] == t || cellOwner[c] == -1) {
                out.add(p.length() + c);
            }
        }
        return out;
    }

    /** A random non-empty subset of {@code cells}, ascending. */
    List<Integer> someCells(Random rnd, List<Integer> cells) {
        int always = cells.get(rnd.nextInt(cells.size()));
        return cells.stream().filter(c -> c == always || rnd.nextBoolean()).toList();
    }

    /** Where a range read drawn at {@code e} starts: not in a unit taken at this phase's barrier (the taker may hold it). */
    int rangeStart(Random rnd, int phase, int e) {
        if (e < firstFree && holderNext[unitOf(e)] >= 0) {
            return firstFree + rnd.nextInt(p.length() - firstFree);
        }
        return e;
    }

    /** Where a range from {@code e} must end by: a held block's end, so that no range takes a held block past its first. */
    int rangeLimit(int e) {
        return e < firstFree ? (e / p.holds().blockLength() + 1) * p.holds().blockLength() : p.length();
    }

    /** Those of {@code elements} in {@code e}'s block if that is a held one, else all of them. */
    List<Integer> sameUnit(List<Integer> elements, int e) {
        if (e >= firstFree) {
            return elements;
        }
        int limit = rangeLimit(e);
        return elements.stream().filter(x -> x >= limit - p.holds().blockLength() && x < limit).toList();
    }

    /** The units some thread holds across this phase's barrier. */
    List<Unit> heldAcross(int phase) {
        List<Unit> out = new ArrayList<>();
        for (int u = 0; u < units.size(); u++) {
            if (holderNext[u] >= 0) {
                out.add(units.get(u));
            }
        }
        return out;
    }

    /** Puts each holder's window first in its ops, and each taker's {@code acquireAsync} of its units last. */
    void addHolds(Random rnd, int phase, List<List<Op>> byThread, RandomProgram.OpDrawer draw) {
        if (!p.holds().on()) {
            return;
        }
        for (int t = 0; t < p.threads(); t++) {
            List<Op> window = window(rnd, phase, t, draw);
            byThread.get(t).addAll(0, window);
            for (int u = 0; u < units.size(); u++) {
                if (holderNext[u] == t) {
                    Unit unit = units.get(u);
                    byThread.get(t).add(new Op(Kind.HOLD_ASYNC, unit.from(), -1, 0, 0, List.of(), unit.to(), 0, 0));
                }
            }
        }
    }

    /**
     * Thread {@code t}'s hold window: per unit it holds, touch, write its own elements, release;
     * maybe the lowest lock taken and let go; a few ops on locks and other blocks; all interleaved at random.
     */
    private List<Op> window(Random rnd, int phase, int t, RandomProgram.OpDrawer draw) {
        List<List<Op>> queues = new ArrayList<>();
        for (int u = 0; u < units.size(); u++) {
            if (holderBefore[u] != t) {
                continue;
            }
            Unit unit = units.get(u);
            List<Op> steps = new ArrayList<>();
            List<Integer> readable = new ArrayList<>();
            List<Integer> own = new ArrayList<>();
            for (int e = unit.from(); e < unit.to(); e++) {
                int o = e < p.length() ? owner[e] : cellOwner[e - p.length()];
                boolean isReadOnly = e < p.length() ? readOnly.contains(e) : o == -1;
                if (o == t || isReadOnly) {
                    readable.add(e);
                }
                if (o == t) {
                    own.add(e);
                }
            }
            steps.add(new Op(Kind.HOLD_TOUCH, unit.from(), -1, 0, rnd.nextInt(100), readable, unit.to(), 0, 0));
            if (!own.isEmpty()) {
                long value = ((long) (phase + 1) << 48) | ((long) t << 32) | ((long) (HELD_WRITES + u) << 16);
                steps.add(new Op(Kind.HELD_WRITE, unit.from(), -1, value, 0, own, unit.to(), 0, 0));
            }
            steps.add(new Op(Kind.HOLD_RELEASE, unit.from(), -1, 0, 0, List.of(), unit.to(), 0, 0));
            queues.add(steps);
        }
        if (queues.isEmpty()) {
            return List.of();
        }
        if (rnd.nextBoolean()) {
            // Lock 0 is the lowest, so the window's locked ops (ascending, maybe reentrant) keep the order.
            queues.add(List.of(new Op(Kind.HOLD_LOCK, -1, 0, 0, 0), new Op(Kind.HOLD_UNLOCK, -1, 0, 0, 0)));
        }
        queues.add(freeOps(rnd, t, draw));
        return interleave(rnd, queues);
    }

    /** A few ops that take only locks and blocks that are not held units. */
    private List<Op> freeOps(Random rnd, int t, RandomProgram.OpDrawer draw) {
        List<Integer> owned = new ArrayList<>();
        for (int e = firstFree; e < p.length(); e++) {
            if (owner[e] == t) {
                owned.add(e);
            }
        }
        List<Integer> shared = readOnly.stream().filter(e -> e >= firstFree).toList();
        List<Kind> possible = new ArrayList<>();
        if (!owned.isEmpty()) {
            possible.addAll(List.of(Kind.WRITE_OWN, Kind.READ_OWN, Kind.RANGE_WRITE_OWN, Kind.ASYNC_WRITE_OWN));
        }
        if (!shared.isEmpty()) {
            possible.add(Kind.READ_SHARED);
        }
        List<Integer> locked = draw.locked();
        if (!locked.isEmpty()) {
            possible.addAll(List.of(Kind.LOCKED_INCREMENT, Kind.LOCKED_READ));
            if (locked.size() > 1) {
                possible.add(Kind.NESTED_INCREMENT);
            }
        }
        List<Op> out = new ArrayList<>();
        for (int k = rnd.nextInt(4); k > 0 && !possible.isEmpty(); k--) {
            out.add(draw.op(rnd, t, WINDOW_OPS + k, possible.get(rnd.nextInt(possible.size())), owned, shared));
        }
        return out;
    }

    /** The queues' ops merged at random, each queue's in its order. */
    private static List<Op> interleave(Random rnd, List<List<Op>> queues) {
        List<Op> out = new ArrayList<>();
        int[] next = new int[queues.size()];
        List<Integer> open = new ArrayList<>();
        for (int q = 0; q < queues.size(); q++) {
            if (!queues.get(q).isEmpty()) {
                open.add(q);
            }
        }
        while (!open.isEmpty()) {
            int k = rnd.nextInt(open.size());
            int q = open.get(k);
            out.add(queues.get(q).get(next[q]++));
            if (next[q] == queues.get(q).size()) {
                open.remove(k);
            }
        }
        return out;
    }

    private int unitOf(int e) {
        return (p.holds().cells() > 0 ? 1 : 0) + e / p.holds().blockLength();
    }
}

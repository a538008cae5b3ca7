package org.jdsm.instrument;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javassist.bytecode.Opcode;

/**
 * Which arrays an access indexes were loaded as elements (or made new) since the method's last
 * point that may synchronize, on every path: their loads were checked in the thread's current
 * interval, so an access through them needs no more than it always got. Any other array ({@code
 * double[] row = m[i]; barrier(); row[j] = v}, a parameter, a field, a method's result) may be a row
 * of a shared array of arrays whose check the synchronization ended, and is checked as one again
 * ({@code Checks.writeKept}). A forward analysis of the reference locals: a local is fresh after an
 * {@code astore} of an element load, a new array, null or a fresh local, and stops being fresh at a
 * store of anything else, after anything that may synchronize and at an exception handler.
 */
final class LoadedSinceSync {

    private final CodeScan scan;
    /** The positions of the instructions that may synchronize. */
    private final Set<Integer> synchronizing = new HashSet<>();
    /** Per {@code astore}: what may have pushed the value it stores. */
    private final Map<Integer, List<Instruction>> stored = new HashMap<>();
    /** Per instruction position: the locals fresh before it. */
    private final Map<Integer, BitSet> before = new HashMap<>();

    /** {@code synchronizes}: true for an instruction after which the thread may have synchronized (the caches are forgotten there). */
    LoadedSinceSync(CodeScan scan, Predicate<Instruction> synchronizes) {
        this.scan = scan;
        for (Instruction insn : scan.instructions()) {
            if (synchronizes.test(insn)) {
                synchronizing.add(insn.pos());
            } else if (scan.referenceStoreSlot(insn) >= 0) {
                stored.put(insn.pos(), StackOrigin.pushers(scan, insn, 0));
            }
        }
        solve();
    }

    /** True if the array that the array load or store {@code access} indexes was loaded since the last synchronization. */
    boolean arrayOf(Instruction access) {
        boolean store = access.opcode() >= Opcode.IASTORE;
        boolean wide = access.opcode() == Opcode.LASTORE || access.opcode() == Opcode.DASTORE;
        List<Instruction> arrays = StackOrigin.pushers(scan, access, store ? (wide ? 2 : 1) + 1 : 1);
        return !arrays.isEmpty() && arrays.stream().allMatch(this::pushesFresh);
    }

    /** True if {@code array}, evaluated before the instruction at {@code pos} (a loop's checks), was loaded since the last synchronization. */
    boolean expression(Expr array, int pos) {
        return array instanceof Expr.Element
                || array instanceof Expr.Local local && before.getOrDefault(pos, new BitSet()).get(local.slot());
    }

    /** True if {@code pusher} pushes an element just loaded, a new array, null or a fresh local. */
    private boolean pushesFresh(Instruction pusher) {
        int op = pusher.opcode();
        if (op == Opcode.AALOAD || op == Opcode.NEWARRAY || op == Opcode.ANEWARRAY || op == Opcode.MULTIANEWARRAY
                || op == Opcode.ACONST_NULL) {
            return true;
        }
        int slot = scan.referenceLoadSlot(pusher);
        BitSet fresh = before.get(pusher.pos());
        return slot >= 0 && (fresh == null || fresh.get(slot)); // null: not reached yet, refined on the next pass
    }

    /** Goes over the code until no instruction's fresh locals change (they only shrink). */
    private void solve() {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Instruction insn : scan.instructions()) {
                BitSet in = entering(insn);
                if (in != null && !in.equals(before.get(insn.pos()))) {
                    before.put(insn.pos(), in);
                    changed = true;
                }
            }
        }
    }

    /** The locals fresh on every way into {@code insn} reached so far; null if none is. */
    private BitSet entering(Instruction insn) {
        if (insn.pos() == 0 || scan.isHandlerStart(insn.pos())) {
            return new BitSet(); // parameters come from before the call; a handler from anywhere
        }
        BitSet in = null;
        for (Instruction from : scan.predecessors(insn)) {
            BitSet out = leaving(from);
            if (out != null) {
                if (in == null) {
                    in = (BitSet) out.clone();
                } else {
                    in.and(out);
                }
            }
        }
        return in;
    }

    /** The locals fresh after {@code insn}; null if it was not reached yet. */
    private BitSet leaving(Instruction insn) {
        BitSet in = before.get(insn.pos());
        if (in == null) {
            return null;
        }
        if (synchronizing.contains(insn.pos())) {
            return new BitSet();
        }
        List<Instruction> values = stored.get(insn.pos());
        if (values == null) {
            return in;
        }
        BitSet out = (BitSet) in.clone();
        out.set(scan.referenceStoreSlot(insn), !values.isEmpty() && values.stream().allMatch(this::pushesFresh));
        return out;
    }
}

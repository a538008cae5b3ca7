package org.jdsm.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javassist.bytecode.Descriptor;
import javassist.bytecode.Opcode;

/**
 * Which instruction pushed a reference an instruction consumes, found going back by stack depth:
 * copies and swaps ({@code dup_x1} in {@code n = c.count++}) lead to the slot they copied, a
 * {@code checkcast} passes its reference on, and a conditional expression computed after it
 * ({@code cells[i].value = c ? x : y}) is passed over when no path comes into it from before the
 * reference was pushed.
 */
final class StackOrigin {

    private StackOrigin() {
    }

    /** The instruction that pushed the object a {@code putfield} stores into; null if not known. */
    static Instruction objectOf(CodeScan scan, Instruction putfield) {
        return pusher(scan, putfield, Descriptor.dataSize(scan.constPool().getFieldrefType(scan.u16At(putfield))));
    }

    /** The instruction that pushed the array an array store stores into; null if not known. */
    static Instruction arrayOf(CodeScan scan, Instruction store) {
        boolean wide = store.opcode() == Opcode.LASTORE || store.opcode() == Opcode.DASTORE;
        return pusher(scan, store, (wide ? 2 : 1) + 1); // the value, then the index
    }

    /** The instruction that pushed the object an instance method is called on; null if not known. */
    static Instruction receiverOf(CodeScan scan, Instruction call) {
        return pusher(scan, call, Descriptor.paramSize(CallRef.of(scan.constPool(), scan.u16At(call)).descriptor()));
    }

    /**
     * What a {@code putfield}, an array store or an instance call changes or is made on: the
     * instruction that pushed the object, array or receiver; null if not known.
     */
    static Instruction targetOf(CodeScan scan, Instruction insn) {
        int op = insn.opcode();
        return op == Opcode.PUTFIELD ? objectOf(scan, insn)
                : op >= Opcode.IASTORE && op <= Opcode.SASTORE ? arrayOf(scan, insn) : receiverOf(scan, insn);
    }

    /**
     * Every instruction that may have pushed the object a {@code putfield} or the array an array
     * store stores into, through joins ({@code (c ? m[i] : m[j])[k] = v}, a switch expression).
     */
    static List<Instruction> storeTargetsOf(CodeScan scan, Instruction store) {
        int op = store.opcode();
        if (op == Opcode.PUTFIELD) {
            return pushers(scan, store, Descriptor.dataSize(scan.constPool().getFieldrefType(scan.u16At(store))));
        }
        boolean wide = op == Opcode.LASTORE || op == Opcode.DASTORE;
        return pushers(scan, store, (wide ? 2 : 1) + 1); // the value, then the index
    }

    /** The instruction that pushed the object a {@code getfield} or the array an {@code aaload} reads from; null if not known. */
    static Instruction sourceOf(CodeScan scan, Instruction load) {
        return pusher(scan, load, load.opcode() == Opcode.GETFIELD ? 0 : 1); // aaload: the index is above
    }

    /**
     * The instruction that pushed the one-slot value lying under the top {@code slotsAbove} slots
     * just before {@code insn} ({@code getfield arr} in {@code obj.arr[i] = v}, {@code aaload} in
     * {@code cells[i].value = v}); null if it may come from more than one place.
     */
    static Instruction pusher(CodeScan scan, Instruction insn, int slotsAbove) {
        int slot = scan.depthBefore(insn.pos()) - slotsAbove - 1;
        if (slot < 0) {
            return null; // unreachable code
        }
        boolean joins = false;
        for (Instruction i = scan.before(insn.pos()); i != null; i = scan.before(i.pos())) {
            joins |= scan.isBranchTarget(i.next()) || scan.isHandlerStart(i.next());
            int copied = copiedFrom(i.opcode(), slot, scan.depthBefore(i.pos()));
            if (copied >= 0) {
                slot = copied;
            } else if (scan.depthAfter(i.pos()) == slot + 1 && i.opcode() != Opcode.CHECKCAST && !scan.pushesNothing(i)) {
                return !joins || scan.enteredOnlyFrom(i.pos(), insn.pos()) ? i : null;
            }
        }
        return null;
    }

    /**
     * Every instruction that may have pushed the one-slot value lying under the top {@code
     * slotsAbove} slots just before {@code insn}, following each path back through joins ({@code
     * return c ? cells[i] : cells[j]}, a switch expression); a path from an exception handler or
     * the method's start adds none.
     */
    static List<Instruction> pushers(CodeScan scan, Instruction insn, int slotsAbove) {
        List<Instruction> found = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        Deque<Instruction> at = new ArrayDeque<>();
        Deque<Integer> slots = new ArrayDeque<>();
        at.push(insn);
        slots.push(scan.depthBefore(insn.pos()) - slotsAbove - 1);
        while (!at.isEmpty()) {
            Instruction x = at.pop();
            int slot = slots.pop();
            if (slot < 0 || scan.isHandlerStart(x.pos()) || !seen.add((long) x.pos() << 16 | slot)) {
                continue;
            }
            for (Instruction i : scan.predecessors(x)) {
                int copied = copiedFrom(i.opcode(), slot, scan.depthBefore(i.pos()));
                if (copied < 0 && scan.depthAfter(i.pos()) == slot + 1 && i.opcode() != Opcode.CHECKCAST && !scan.pushesNothing(i)) {
                    found.add(i);
                } else {
                    at.push(i);
                    slots.push(copied >= 0 ? copied : slot);
                }
            }
        }
        return found;
    }

    /**
     * For a {@code dup}, {@code dup_x*}, {@code dup2*} or {@code swap} that found {@code depth}
     * slots on the stack: the slot before it that {@code slot} after it holds; -1 if {@code slot}
     * is below what it moves, or for any other instruction. Each puts its top {@code width} slots
     * back, then the {@code under} slots below them, then (but {@code swap}) the top again.
     */
    private static int copiedFrom(int op, int slot, int depth) {
        int width = op == Opcode.DUP2 || op == Opcode.DUP2_X1 || op == Opcode.DUP2_X2 ? 2 : 1;
        int under = switch (op) {
            case Opcode.DUP, Opcode.DUP2 -> 0;
            case Opcode.DUP_X1, Opcode.DUP2_X1, Opcode.SWAP -> 1;
            case Opcode.DUP_X2, Opcode.DUP2_X2 -> 2;
            default -> -1;
        };
        int base = depth - width - under;
        if (under < 0 || slot < base) {
            return -1;
        }
        int r = slot - base;
        if (r < width) {
            return base + under + r; // the top, put down first
        }
        return r < width + under ? base + r - width : base + under + r - width - under;
    }
}

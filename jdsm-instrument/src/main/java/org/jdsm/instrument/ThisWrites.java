package org.jdsm.instrument;

import java.util.HashSet;
import java.util.Set;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.CodeAttribute;
import javassist.bytecode.Opcode;

/**
 * Whether a method's code may change the object (or array) in one of its parameter slots, {@code
 * this} (slot 0 of an instance method) or an argument: a store into a field of it or into an
 * object or array it holds ({@code x = v}, {@code pos.x = v}, {@code arr[i] = v}, or for an array
 * parameter {@code row[j] = v}), a call on it or on what it holds of a method that may change its
 * receiver ({@link ReceiverWrites}), a store or such a call whose target is not known, or the
 * reference let out of sight: passed to a method, stored, returned, copied on the stack, or its
 * slot overwritten. Reading it and calling methods on it that change nothing is all it may do
 * otherwise. Not seen: a change through a reference the method got from elsewhere (another
 * parameter, a getter's result, a local holding one of its fields).
 */
final class ThisWrites {

    private ThisWrites() {
    }

    /** True if the method whose code is {@code code} may change what its local {@code slot} holds on entry. */
    static boolean in(CodeAttribute code, int slot, ReceiverWrites receivers) throws BadBytecode {
        CodeScan scan = new CodeScan(code);
        if (scan.storesTo(slot)) {
            return true;
        }
        Set<Integer> thisLoads = new HashSet<>();
        Set<Integer> readOrCalledOn = new HashSet<>(); // the loads a getfield reads from or a call is made on
        for (Instruction insn : scan.instructions()) {
            int op = insn.opcode();
            if (scan.referenceLoadSlot(insn) == slot) {
                thisLoads.add(insn.pos());
            } else if (op >= Opcode.DUP && op <= Opcode.DUP2_X2 && copiesSlot(scan, insn, slot)) {
                return true; // one copy would be accounted for, the other may go anywhere
            } else if (op == Opcode.GETFIELD || op >= Opcode.IALOAD && op <= Opcode.SALOAD) {
                addPos(readOrCalledOn, StackOrigin.sourceOf(scan, insn));
            } else if (op == Opcode.ARRAYLENGTH) {
                addPos(readOrCalledOn, StackOrigin.pusher(scan, insn, 0));
            } else if (op == Opcode.PUTFIELD || op >= Opcode.IASTORE && op <= Opcode.SASTORE || scan.isInstanceCall(insn)) {
                Instruction target = StackOrigin.targetOf(scan, insn);
                if (reaches(scan, target, slot, receivers) && (!scan.isInstanceCall(insn)
                        || receivers.mayWrite(op, CallRef.of(scan.constPool(), scan.u16At(insn))))) {
                    return true;
                }
                addPos(readOrCalledOn, target);
            }
        }
        return !readOrCalledOn.containsAll(thisLoads);
    }

    /**
     * True if {@code target} is local {@code slot}'s reference or a field or element reached from
     * it, or what a getter of one returns ({@code getPos().x = v}), or is not known.
     */
    private static boolean reaches(CodeScan scan, Instruction target, int slot, ReceiverWrites receivers) {
        Instruction at = target;
        while (at != null) {
            if (at.opcode() == Opcode.GETFIELD || at.opcode() == Opcode.AALOAD) {
                at = StackOrigin.sourceOf(scan, at);
            } else if (scan.isInstanceCall(at) && CallRef.of(scan.constPool(), scan.u16At(at)).descriptor().startsWith("()")
                    && receivers.mayReturnPart(at.opcode(), CallRef.of(scan.constPool(), scan.u16At(at)))) {
                at = StackOrigin.receiverOf(scan, at);
            } else {
                break;
            }
        }
        return at == null || scan.referenceLoadSlot(at) == slot;
    }

    /** True if a {@code dup}-like instruction may copy local {@code slot}'s reference (its top one or two slots). */
    private static boolean copiesSlot(CodeScan scan, Instruction dup, int slot) {
        int op = dup.opcode();
        int width = op == Opcode.DUP2 || op == Opcode.DUP2_X1 || op == Opcode.DUP2_X2 ? 2 : 1;
        for (int above = 0; above < width; above++) {
            Instruction copied = StackOrigin.pusher(scan, dup, above);
            if (copied == null || scan.referenceLoadSlot(copied) == slot) {
                return true;
            }
        }
        return false;
    }

    private static void addPos(Set<Integer> set, Instruction insn) {
        if (insn != null) {
            set.add(insn.pos());
        }
    }
}

package org.jdsm.instrument;

import java.util.HashSet;
import java.util.Set;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.CodeAttribute;
import javassist.bytecode.Opcode;

/**
 * Whether an instance method's code may change the object it runs on: a store into a field of
 * {@code this} or into an object or array it holds ({@code x = v}, {@code pos.x = v},
 * {@code arr[i] = v}), a call on {@code this} or on what it holds of a method that may
 * ({@link ReceiverWrites}), a store or such a call whose target is not known, or {@code this} let
 * out of sight: passed to a method, stored, returned, copied on the stack, or local 0 overwritten.
 * Reading its fields and calling methods on it that change nothing is all it may do otherwise.
 * Not seen: a change through a reference the method got from elsewhere (a parameter, a getter's
 * result, a local holding one of its fields).
 */
final class ThisWrites {

    private ThisWrites() {
    }

    static boolean in(CodeAttribute code, ReceiverWrites receivers) throws BadBytecode {
        CodeScan scan = new CodeScan(code);
        if (scan.storesTo(0)) {
            return true;
        }
        Set<Integer> thisLoads = new HashSet<>();
        Set<Integer> readOrCalledOn = new HashSet<>(); // the loads a getfield reads from or a call is made on
        for (Instruction insn : scan.instructions()) {
            int op = insn.opcode();
            if (scan.referenceLoadSlot(insn) == 0) {
                thisLoads.add(insn.pos());
            } else if (op >= Opcode.DUP && op <= Opcode.DUP2_X2 && copiesThis(scan, insn)) {
                return true; // one copy would be accounted for, the other may go anywhere
            } else if (op == Opcode.GETFIELD || op == Opcode.AALOAD) {
                addPos(readOrCalledOn, StackOrigin.sourceOf(scan, insn));
            } else if (op == Opcode.PUTFIELD || op >= Opcode.IASTORE && op <= Opcode.SASTORE || scan.isInstanceCall(insn)) {
                Instruction target = StackOrigin.targetOf(scan, insn);
                if (reachesThis(scan, target) && (!scan.isInstanceCall(insn)
                        || receivers.mayWrite(op, CallRef.of(scan.constPool(), scan.u16At(insn))))) {
                    return true;
                }
                addPos(readOrCalledOn, target);
            }
        }
        return !readOrCalledOn.containsAll(thisLoads);
    }

    /** True if {@code target} is {@code this} or a field or element reached from it, or is not known. */
    private static boolean reachesThis(CodeScan scan, Instruction target) {
        Instruction at = target;
        while (at != null && (at.opcode() == Opcode.GETFIELD || at.opcode() == Opcode.AALOAD)) {
            at = StackOrigin.sourceOf(scan, at);
        }
        return at == null || scan.referenceLoadSlot(at) == 0;
    }

    /** True if a {@code dup}-like instruction may copy {@code this} (its top one or two slots). */
    private static boolean copiesThis(CodeScan scan, Instruction dup) {
        int op = dup.opcode();
        int width = op == Opcode.DUP2 || op == Opcode.DUP2_X1 || op == Opcode.DUP2_X2 ? 2 : 1;
        for (int above = 0; above < width; above++) {
            Instruction copied = StackOrigin.pusher(scan, dup, above);
            if (copied == null || scan.referenceLoadSlot(copied) == 0) {
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

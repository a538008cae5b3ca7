package org.jdsm.instrument;

import java.util.HashSet;
import java.util.Set;
import javassist.bytecode.Opcode;

/**
 * The loads whose reference a store or a call then writes into, so that they are checked for
 * writing, not reading: a shared object's contents include the arrays and objects its fields hold,
 * and a shared array's include its elements' fields (diffs compare them by content). So
 * {@code obj.arr[i] = v} and {@code obj.inner.x = v} write {@code obj} (the {@code getfield}), and
 * {@code cells[i].value = v} writes {@code cells[i]} (the {@code aaload}); so does a call on the
 * element or field of a method that may change its object ({@code cells[i].move(dt)},
 * {@code obj.inner.increment()}, see {@link ReceiverWrites}). {@code grid[i][j] = v} writes
 * {@code grid[i]} as well as the row: a {@code double[][]} registered whole holds its rows as
 * contents (rows registered one by one sit in an unregistered outer array, whose check is a no-op).
 * Not seen: a write through a local alias, or one more field or element further down.
 */
final class WrittenThrough {

    private final Set<Integer> loads = new HashSet<>();

    WrittenThrough(CodeScan scan, ReceiverWrites receivers) {
        for (Instruction insn : scan.instructions()) {
            int op = insn.opcode();
            boolean arrayStore = op >= Opcode.IASTORE && op <= Opcode.SASTORE;
            boolean call = scan.isInstanceCall(insn);
            if (op != Opcode.PUTFIELD && !arrayStore && !call) {
                continue;
            }
            Instruction target = StackOrigin.targetOf(scan, insn);
            // The callee is looked at last: only calls on an element or a field cost an analysis.
            if (target != null && (target.opcode() == Opcode.GETFIELD || target.opcode() == Opcode.AALOAD)
                    && (!call || receivers.mayWrite(op, CallRef.of(scan.constPool(), scan.u16At(insn))))) {
                loads.add(target.pos());
            }
        }
    }

    /** True if the {@code getfield} or {@code aaload} at {@code pos} is written through. */
    boolean contains(int pos) {
        return loads.contains(pos);
    }
}

package org.jdsm.instrument;

import java.util.HashSet;
import java.util.Set;
import javassist.bytecode.Opcode;

/**
 * The loads whose reference a store then writes into, so that they are checked for writing, not
 * reading: a shared object's contents include the arrays and objects its fields hold, and a shared
 * array's include its elements' fields (diffs compare them by content). So {@code obj.arr[i] = v}
 * and {@code obj.inner.x = v} write {@code obj} (the {@code getfield}), and {@code cells[i].value
 * = v} writes {@code cells[i]} (the {@code aaload}). A row of an array of arrays is an array of its
 * own ({@code grid[i][j] = v} writes the row). Not seen: a write through a local alias, by a
 * method of the object, or one more field or element further down.
 */
final class WrittenThrough {

    private final Set<Integer> loads = new HashSet<>();

    WrittenThrough(CodeScan scan) {
        for (Instruction insn : scan.instructions()) {
            int op = insn.opcode();
            Instruction target = op == Opcode.PUTFIELD ? StackOrigin.objectOf(scan, insn)
                    : op >= Opcode.IASTORE && op <= Opcode.SASTORE ? StackOrigin.arrayOf(scan, insn) : null;
            if (target != null && (target.opcode() == Opcode.GETFIELD
                    || target.opcode() == Opcode.AALOAD && op == Opcode.PUTFIELD)) {
                loads.add(target.pos());
            }
        }
    }

    /** True if the {@code getfield} or {@code aaload} at {@code pos} is written through. */
    boolean contains(int pos) {
        return loads.contains(pos);
    }
}

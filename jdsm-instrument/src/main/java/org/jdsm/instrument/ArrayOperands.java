package org.jdsm.instrument;

import javassist.bytecode.Opcode;

/**
 * The array and index expressions of an array element load or store, read back from the access in
 * straight code ({@link ExprParser}); what hoisting a check needs to know about the access.
 *
 * @param array the array's expression
 * @param index the index's expression
 * @param write true for a store
 */
record ArrayOperands(ExprParser.Parsed array, ExprParser.Parsed index, boolean write) {

    /** True if {@code op} loads or stores an array element. */
    static boolean isAccess(int op) {
        return op >= Opcode.IALOAD && op <= Opcode.SALOAD || op >= Opcode.IASTORE && op <= Opcode.SASTORE;
    }

    /** The operands of the access {@code access}; null if they are not understood. */
    static ArrayOperands of(CodeScan scan, ExprParser parser, Instruction access) {
        boolean write = access.opcode() >= Opcode.IASTORE;
        int operandsEnd = write ? valueStart(scan, access) : access.pos();
        if (operandsEnd < 0) {
            return null;
        }
        Instruction previous = scan.before(operandsEnd);
        if (!write && previous != null && previous.opcode() == Opcode.DUP2) {
            operandsEnd = previous.pos(); // a[i] += x: the load reads the operands the store will use
        }
        ExprParser.Parsed index = parser.intBefore(operandsEnd);
        ExprParser.Parsed array = index == null ? null : parser.refBefore(index.start());
        return array == null || !CountedLoop.straight(scan, array.start(), operandsEnd) ? null
                : new ArrayOperands(array, index, write);
    }

    /**
     * Where the stored value's computation starts: just after the last instruction (going back)
     * that leaves only the array and index on the stack; -1 if a jump is in the way.
     */
    private static int valueStart(CodeScan scan, Instruction store) {
        int size = store.opcode() == Opcode.LASTORE || store.opcode() == Opcode.DASTORE ? 2 : 1;
        return operandsEnd(scan, store, scan.depthBefore(store.pos()) - size);
    }

    /**
     * Going back from {@code insn}: just after the last instruction that leaves {@code depth} slots
     * on the stack; -1 if a jump lands or leaves in between.
     */
    static int operandsEnd(CodeScan scan, Instruction insn, int depth) {
        for (Instruction i = scan.before(insn.pos()); i != null; i = scan.before(i.pos())) {
            if (scan.depthAfter(i.pos()) == depth) {
                return i.next(); // i itself may jump (a loop's test before its body): it is not part of the operands
            }
            if (scan.isBranchTarget(i.next()) || !scan.jumpTargets(i).isEmpty()) {
                return -1;
            }
        }
        return -1;
    }
}

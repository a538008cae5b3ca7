package org.jdsm.instrument;

import javassist.bytecode.ConstPool;
import javassist.bytecode.Opcode;

/**
 * Reads the expressions that computed an array access's operands, backward from the access, in
 * straight-line code: locals, int constants, {@code + - *}, {@code Math.min/max}, array lengths,
 * {@code &}, fields, and rows of arrays of arrays. Anything else (calls, branches) is not understood. The
 * caller checks that no jump lands inside what was read.
 */
final class ExprParser {

    /** An expression and the position of its first instruction. */
    record Parsed(Expr expr, int start) {
    }

    private final CodeScan scan;
    private final ConstPool constPool;

    ExprParser(CodeScan scan) {
        this.scan = scan;
        this.constPool = scan.constPool();
    }

    /** The int expression whose last instruction comes right before {@code end}; null if not understood. */
    Parsed intBefore(int end) {
        Instruction last = scan.before(end);
        if (last == null) {
            return null;
        }
        int op = scan.opcodeAt(last.pos());
        if (op == Opcode.ILOAD || op >= Opcode.ILOAD_0 && op <= Opcode.ILOAD_3) {
            return new Parsed(new Expr.Local(scan.slotOf(last), false), last.pos());
        }
        if (op >= Opcode.ICONST_M1 && op <= Opcode.ICONST_5) {
            return new Parsed(new Expr.Constant(op - Opcode.ICONST_0), last.pos());
        }
        if (op == Opcode.BIPUSH || op == Opcode.SIPUSH) {
            return new Parsed(new Expr.Constant(scan.pushedConstant(last)), last.pos());
        }
        if ((op == Opcode.LDC || op == Opcode.LDC_W) && constPool.getTag(ldcIndex(last, op)) == ConstPool.CONST_Integer) {
            return new Parsed(new Expr.Constant(constPool.getIntegerInfo(ldcIndex(last, op))), last.pos());
        }
        if (op == Opcode.IADD || op == Opcode.ISUB || op == Opcode.IMUL || op == Opcode.IAND) {
            Parsed right = intBefore(last.pos());
            Parsed left = right == null ? null : intBefore(right.start());
            return left == null ? null : new Parsed(new Expr.Arithmetic(op, left.expr(), right.expr()), left.start());
        }
        if (op == Opcode.ARRAYLENGTH) {
            Parsed array = refBefore(last.pos());
            return array == null ? null : new Parsed(new Expr.Length(array.expr()), array.start());
        }
        if ((op == Opcode.GETFIELD || op == Opcode.GETSTATIC) && constPool.getFieldrefType(scan.u16At(last)).equals("I")) {
            return field(last, op);
        }
        if (op == Opcode.INVOKESTATIC) {
            CallRef call = CallRef.of(constPool, scan.u16At(last));
            if (call.owner().equals("java.lang.Math") && call.descriptor().equals("(II)I")
                    && (call.name().equals("min") || call.name().equals("max"))) {
                Parsed right = intBefore(last.pos());
                Parsed left = right == null ? null : intBefore(right.start());
                return left == null ? null : new Parsed(new Expr.MinMax(call.name(), left.expr(), right.expr()), left.start());
            }
        }
        return null;
    }

    /** The reference expression whose last instruction comes right before {@code end}; null if not understood. */
    Parsed refBefore(int end) {
        Instruction last = scan.before(end);
        if (last == null) {
            return null;
        }
        int op = scan.opcodeAt(last.pos());
        if (op == Opcode.ALOAD || op >= Opcode.ALOAD_0 && op <= Opcode.ALOAD_3) {
            return new Parsed(new Expr.Local(scan.slotOf(last), true), last.pos());
        }
        if (op == Opcode.GETFIELD || op == Opcode.GETSTATIC) {
            String type = constPool.getFieldrefType(scan.u16At(last));
            return type.startsWith("[") || type.startsWith("L") ? field(last, op) : null;
        }
        if (op == Opcode.AALOAD) {
            Parsed index = intBefore(last.pos());
            Parsed array = index == null ? null : refBefore(index.start());
            return array == null ? null : new Parsed(new Expr.Element(array.expr(), index.expr()), array.start());
        }
        return null;
    }

    private Parsed field(Instruction last, int op) {
        int index = scan.u16At(last);
        if (op == Opcode.GETSTATIC) {
            return new Parsed(new Expr.StaticField(index), last.pos());
        }
        Parsed object = refBefore(last.pos());
        return object == null ? null : new Parsed(new Expr.Field(index, object.expr()), object.start());
    }

    private int ldcIndex(Instruction insn, int op) {
        return op == Opcode.LDC ? scan.u8At(insn) : scan.u16At(insn);
    }
}

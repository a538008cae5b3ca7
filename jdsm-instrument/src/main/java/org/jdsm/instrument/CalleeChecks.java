package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.CodeAttribute;
import javassist.bytecode.Descriptor;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;

/**
 * What a small static helper ({@code daxpy(m, to, from, len, alpha)}, say) reads and writes, in
 * terms of its parameters: for each array access, the array parameter and the span of indices over
 * the whole call. A caller that calls it inside a loop nest can then check those ranges before the
 * nest, once, and call an unchecked copy of the helper ({@link #uncheckedName}) instead of paying
 * the helper's own checks on every call.
 *
 * <p>Only helpers that touch shared data through those accesses alone qualify: static, not
 * synchronized, no handlers, no field access, no reference stores into arrays, no calls except to
 * {@link Math}, and every array access's array an unchanged parameter and its index bounded
 * ({@link LoopNest}) over the whole method.
 *
 * @param entries one per array access: the parameter's slot, whether it writes, and the index span
 *                (its points are expressions of the parameters)
 */
record CalleeChecks(List<Entry> entries) {

    /** One access of the helper. */
    record Entry(int parameter, boolean write, Span index) {
    }

    /** The name of the unchecked copy of the helper {@code name}. */
    static String uncheckedName(String name) {
        return name + "$jdsmUnchecked";
    }

    /** The summaries of {@code cf}'s qualifying helpers, by name plus descriptor. */
    static Map<String, CalleeChecks> of(ClassFile cf) throws BadBytecode {
        Map<String, CalleeChecks> found = new HashMap<>();
        if (cf.isInterface()) {
            return found; // an interface compiled for Java 8 may not get the private copy
        }
        for (MethodInfo m : cf.getMethods()) {
            CalleeChecks checks = of(m);
            if (checks != null) {
                found.put(m.getName() + m.getDescriptor(), checks);
            }
        }
        return found;
    }

    private static CalleeChecks of(MethodInfo m) throws BadBytecode {
        CodeAttribute code = m.getCodeAttribute();
        int flags = m.getAccessFlags();
        if (code == null || (flags & AccessFlag.STATIC) == 0 || (flags & AccessFlag.SYNCHRONIZED) != 0
                || code.getExceptionTable().size() > 0) {
            return null;
        }
        CodeScan scan = new CodeScan(code);
        ExprParser parser = new ExprParser(scan);
        CountedLoop whole = CountedLoop.wholeMethod(scan);
        List<CountedLoop> loops = CountedLoop.find(scan, insn -> false);
        int parameters = Descriptor.paramSize(m.getDescriptor()); // a static method's parameters fill the first slots
        List<Entry> entries = new ArrayList<>();
        for (Instruction insn : scan.instructions()) {
            if (!harmless(scan, insn)) {
                return null;
            }
            if (ArrayOperands.isAccess(insn.opcode())) {
                Entry entry = entry(scan, parser, insn, whole, loops, parameters);
                if (entry == null) {
                    return null;
                }
                entries.add(entry);
            }
        }
        return entries.isEmpty() ? null : new CalleeChecks(entries);
    }

    private static Entry entry(CodeScan scan, ExprParser parser, Instruction access, CountedLoop whole,
            List<CountedLoop> loops, int parameters) {
        ArrayOperands operands = ArrayOperands.of(scan, parser, access);
        if (operands == null || !(operands.array().expr() instanceof Expr.Local array) || array.slot() >= parameters
                || !whole.invariants().holds(array)) {
            return null;
        }
        List<CountedLoop> chain = new ArrayList<>();
        chain.add(whole);
        loops.stream().filter(loop -> loop.contains(access.pos())).forEach(chain::add);
        Span index = new LoopNest(scan, parser, chain).span(operands.index().expr(), operands.index().start(), whole);
        return index == null ? null : new Entry(array.slot(), operands.write(), index);
    }

    /** Anything but what would need a check of its own, reach another method, or synchronize. */
    private static boolean harmless(CodeScan scan, Instruction insn) {
        int op = insn.opcode();
        return switch (op) {
            case Opcode.GETFIELD, Opcode.PUTFIELD, Opcode.PUTSTATIC, Opcode.AASTORE, Opcode.MONITORENTER,
                    Opcode.MONITOREXIT, Opcode.INVOKEVIRTUAL, Opcode.INVOKESPECIAL, Opcode.INVOKEINTERFACE,
                    Opcode.INVOKEDYNAMIC -> false;
            case Opcode.INVOKESTATIC -> CountedLoop.storesNothing(scan, insn);
            default -> true;
        };
    }
}

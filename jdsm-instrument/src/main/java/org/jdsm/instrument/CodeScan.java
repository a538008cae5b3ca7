package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.CodeAttribute;
import javassist.bytecode.CodeIterator;
import javassist.bytecode.ConstPool;
import javassist.bytecode.Descriptor;
import javassist.bytecode.ExceptionTable;
import javassist.bytecode.Opcode;

/**
 * The original code of a method, read once before anything is inserted: its instructions, where
 * branches and handlers lead, and the operand stack depth (in slots) before each instruction.
 */
final class CodeScan {

    private final CodeIterator code;
    private final ConstPool constPool;
    private final List<Instruction> instructions = new ArrayList<>();
    private final Map<Integer, Integer> indexOf = new HashMap<>();
    private final Set<Integer> branchTargets = new HashSet<>();
    private final Set<Integer> handlerStarts = new HashSet<>();
    private final Map<Integer, Integer> depthBefore = new HashMap<>();
    /** Per position: the branches and switches that may jump there; built when first asked. */
    private Map<Integer, List<Instruction>> jumpsTo;

    CodeScan(CodeAttribute attribute) throws BadBytecode {
        this.code = attribute.iterator();
        this.constPool = attribute.getConstPool();
        while (code.hasNext()) {
            int pos = code.next();
            int next = code.hasNext() ? code.lookAhead() : code.getCodeLength();
            indexOf.put(pos, instructions.size());
            instructions.add(new Instruction(pos, next, code.byteAt(pos)));
        }
        for (Instruction insn : instructions) {
            branchTargets.addAll(jumpTargets(insn));
        }
        ExceptionTable table = attribute.getExceptionTable();
        for (int i = 0; i < table.size(); i++) {
            handlerStarts.add(table.handlerPc(i));
        }
        computeDepths();
    }

    List<Instruction> instructions() {
        return instructions;
    }

    /** The instruction at {@code pos}. */
    Instruction at(int pos) {
        return instructions.get(indexOf.get(pos));
    }

    /** The instruction before the one at {@code pos}, or null at the start. */
    Instruction before(int pos) {
        int i = indexOf.get(pos);
        return i == 0 ? null : instructions.get(i - 1);
    }

    boolean isBranchTarget(int pos) {
        return branchTargets.contains(pos);
    }

    boolean isHandlerStart(int pos) {
        return handlerStarts.contains(pos);
    }

    Set<Integer> handlerStarts() {
        return handlerStarts;
    }

    /** Operand stack slots before the instruction at {@code pos}; -1 if unreachable. */
    int depthBefore(int pos) {
        return depthBefore.getOrDefault(pos, -1);
    }

    /** Operand stack slots after the instruction at {@code pos} (on its fall-through). */
    int depthAfter(int pos) {
        return depthBefore(pos) + stackGrowth(at(pos));
    }

    /** The real opcode at {@code pos} (looking through {@code wide}). */
    int opcodeAt(int pos) {
        int op = code.byteAt(pos);
        return op == Opcode.WIDE ? code.byteAt(pos + 1) : op;
    }

    /** The local slot an instruction with a slot operand (load, store, iinc, wide or not) names. */
    int slotOf(Instruction insn) {
        int op = insn.opcode();
        if (op == Opcode.WIDE) {
            return code.u16bitAt(insn.pos() + 2);
        }
        if (op >= Opcode.ILOAD_0 && op <= Opcode.ALOAD_3) {
            return (op - Opcode.ILOAD_0) % 4;
        }
        if (op >= Opcode.ISTORE_0 && op <= Opcode.ASTORE_3) {
            return (op - Opcode.ISTORE_0) % 4;
        }
        return code.byteAt(insn.pos() + 1);
    }

    /** The local an {@code aload} (any form) loads; -1 for any other instruction. */
    int referenceLoadSlot(Instruction insn) {
        int op = opcodeAt(insn.pos());
        return op == Opcode.ALOAD || op >= Opcode.ALOAD_0 && op <= Opcode.ALOAD_3 ? slotOf(insn) : -1;
    }

    /** The local an {@code astore} (any form) stores into; -1 for any other instruction. */
    int referenceStoreSlot(Instruction insn) {
        int op = opcodeAt(insn.pos());
        return op == Opcode.ASTORE || op >= Opcode.ASTORE_0 && op <= Opcode.ASTORE_3 ? slotOf(insn) : -1;
    }

    /** True for a call of an instance method but a constructor (what a call on an object is). */
    boolean isInstanceCall(Instruction insn) {
        int op = insn.opcode();
        return op == Opcode.INVOKEVIRTUAL || op == Opcode.INVOKEINTERFACE
                || op == Opcode.INVOKESPECIAL && !CallRef.of(constPool, u16At(insn)).name().equals("<init>");
    }

    /** True if some instruction stores to local {@code slot} or increments it. */
    boolean storesTo(int slot) {
        return instructions.stream().anyMatch(insn -> CountedLoop.writes(this, insn) == slot);
    }

    /** The constant in an {@code iinc}, wide or not. */
    int iincDelta(Instruction insn) {
        return insn.opcode() == Opcode.WIDE ? code.s16bitAt(insn.pos() + 4) : code.signedByteAt(insn.pos() + 2);
    }

    /** The 16-bit operand after the opcode (a constant pool index for most instructions). */
    int u16At(Instruction insn) {
        return code.u16bitAt(insn.pos() + 1);
    }

    /** The unsigned byte after the opcode (ldc's constant pool index). */
    int u8At(Instruction insn) {
        return code.byteAt(insn.pos() + 1);
    }

    /** The signed operand of bipush or sipush. */
    int pushedConstant(Instruction insn) {
        return insn.opcode() == Opcode.BIPUSH ? code.signedByteAt(insn.pos() + 1) : code.s16bitAt(insn.pos() + 1);
    }

    ConstPool constPool() {
        return constPool;
    }

    /** The instructions control may come to {@code insn} from: the one before, unless it ends the flow, and every jump there. */
    List<Instruction> predecessors(Instruction insn) {
        if (jumpsTo == null) {
            jumpsTo = new HashMap<>();
            for (Instruction i : instructions) {
                jumpTargets(i).forEach(t -> jumpsTo.computeIfAbsent(t, k -> new ArrayList<>()).add(i));
            }
        }
        List<Instruction> from = new ArrayList<>(jumpsTo.getOrDefault(insn.pos(), List.of()));
        Instruction before = before(insn.pos());
        if (before != null && !endsFlow(before.opcode())) {
            from.add(before);
        }
        return from;
    }

    /** Where a branch or switch may go, besides falling through. */
    List<Integer> jumpTargets(Instruction insn) {
        int pos = insn.pos();
        int op = insn.opcode();
        List<Integer> targets = new ArrayList<>();
        if (op >= Opcode.IFEQ && op <= Opcode.JSR || op == Opcode.IFNULL || op == Opcode.IFNONNULL) {
            targets.add(pos + code.s16bitAt(pos + 1));
        } else if (op == Opcode.GOTO_W || op == Opcode.JSR_W) {
            targets.add(pos + code.s32bitAt(pos + 1));
        } else if (op == Opcode.TABLESWITCH || op == Opcode.LOOKUPSWITCH) {
            int base = (pos & ~3) + 4;
            targets.add(pos + code.s32bitAt(base));
            boolean table = op == Opcode.TABLESWITCH;
            int cases = table ? code.s32bitAt(base + 8) - code.s32bitAt(base + 4) + 1 : code.s32bitAt(base + 4);
            for (int c = 0; c < cases; c++) {
                targets.add(pos + code.s32bitAt(table ? base + 12 + 4 * c : base + 12 + 8 * c));
            }
        }
        return targets;
    }

    /**
     * True if control reaches {@code (from, to]} only from {@code from} onward: every jump landing
     * there leaves from {@code [from, to)}, and no handler starts there (a conditional expression
     * between {@code from} and {@code to} is fine, a path coming from before {@code from} is not).
     */
    boolean enteredOnlyFrom(int from, int to) {
        for (Instruction insn : instructions) {
            boolean inside = insn.pos() >= from && insn.pos() < to;
            if (insn.pos() > from && insn.pos() <= to && isHandlerStart(insn.pos())
                    || !inside && jumpTargets(insn).stream().anyMatch(t -> t > from && t <= to)) {
                return false;
            }
        }
        return true;
    }

    /** True if {@code insn} leaves nothing new on the stack (a store, a pop, a jump, a void call, ...). */
    boolean pushesNothing(Instruction insn) {
        int op = opcodeAt(insn.pos());
        if (endsFlow(op) || !jumpTargets(insn).isEmpty()) {
            return true;
        }
        return switch (op) {
            case Opcode.POP, Opcode.POP2, Opcode.PUTFIELD, Opcode.PUTSTATIC, Opcode.MONITORENTER, Opcode.MONITOREXIT,
                    Opcode.IINC, Opcode.NOP -> true;
            case Opcode.INVOKEVIRTUAL, Opcode.INVOKESPECIAL, Opcode.INVOKESTATIC, Opcode.INVOKEINTERFACE ->
                    CallRef.of(constPool, u16At(insn)).descriptor().endsWith(")V");
            case Opcode.INVOKEDYNAMIC -> constPool.getInvokeDynamicType(u16At(insn)).endsWith(")V");
            default -> op >= Opcode.ISTORE && op <= Opcode.SASTORE;
        };
    }

    /** True if control never falls through to the next instruction. */
    static boolean endsFlow(int op) {
        return op == Opcode.GOTO || op == Opcode.GOTO_W || op == Opcode.ATHROW || op == Opcode.TABLESWITCH
                || op == Opcode.LOOKUPSWITCH || op >= Opcode.IRETURN && op <= Opcode.RETURN;
    }

    private void computeDepths() throws BadBytecode {
        List<Integer> work = new ArrayList<>();
        reach(0, 0, work);
        for (int h : handlerStarts) {
            reach(h, 1, work);
        }
        while (!work.isEmpty()) {
            Instruction insn = at(work.remove(work.size() - 1));
            int after = depthBefore.get(insn.pos()) + stackGrowth(insn);
            if (!endsFlow(insn.opcode()) && insn.next() < code.getCodeLength()) {
                reach(insn.next(), after, work);
            }
            for (int target : jumpTargets(insn)) {
                reach(target, after, work);
            }
        }
    }

    private void reach(int pos, int depth, List<Integer> work) throws BadBytecode {
        Integer known = depthBefore.putIfAbsent(pos, depth);
        if (known == null) {
            work.add(pos);
        } else if (known != depth) {
            throw new BadBytecode("inconsistent stack depth at " + pos);
        }
    }

    /** Slots pushed minus slots popped. */
    private int stackGrowth(Instruction insn) {
        int op = opcodeAt(insn.pos());
        int index = insn.next() - insn.pos() >= 3 ? code.u16bitAt(insn.pos() + 1) : -1; // for the ones that have one
        return switch (op) {
            case Opcode.GETFIELD -> Descriptor.dataSize(constPool.getFieldrefType(index)) - 1;
            case Opcode.PUTFIELD -> -Descriptor.dataSize(constPool.getFieldrefType(index)) - 1;
            case Opcode.GETSTATIC -> Descriptor.dataSize(constPool.getFieldrefType(index));
            case Opcode.PUTSTATIC -> -Descriptor.dataSize(constPool.getFieldrefType(index));
            case Opcode.INVOKEVIRTUAL, Opcode.INVOKESPECIAL, Opcode.INVOKEINTERFACE ->
                    Descriptor.dataSize(CallRef.of(constPool, index).descriptor()) - 1;
            case Opcode.INVOKESTATIC -> Descriptor.dataSize(CallRef.of(constPool, index).descriptor());
            case Opcode.INVOKEDYNAMIC -> Descriptor.dataSize(constPool.getInvokeDynamicType(index));
            case Opcode.MULTIANEWARRAY -> 1 - code.byteAt(insn.pos() + 3);
            default -> Opcode.STACK_GROW[op];
        };
    }
}

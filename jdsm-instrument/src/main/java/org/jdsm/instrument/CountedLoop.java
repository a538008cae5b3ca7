package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import javassist.bytecode.ConstPool;
import javassist.bytecode.Opcode;

/**
 * A loop as javac compiles {@code for (...; k < limit; k += step)} (or {@code <=}, {@code >},
 * {@code >=}): the test of the induction variable {@code k} against a bound the loop does not
 * change at the head, one {@code iinc k step} in the body, the back edge ({@code goto head}) at the
 * end and the exit right after it. It is entered only by falling into the head and synchronizes
 * nowhere inside, so every index {@code k + c} it uses lies in a range known at the head, and a
 * check made there holds for the whole loop.
 *
 * @param head      position of the test ({@code iload k})
 * @param backEdge  position of the {@code goto head}
 * @param body      position of the body's first instruction, just after the test
 * @param inductionVariable local slot of {@code k}
 * @param exitOpcode the test's branch to the exit ({@code if_icmpge}, ..., or {@code ifge}, ... against 0)
 * @param limit     the bound
 * @param invariants what the loop leaves unchanged
 */
record CountedLoop(int head, int backEdge, int body, int inductionVariable, int exitOpcode, Expr limit, Invariants invariants) {

    /**
     * What a loop leaves unchanged: the locals, fields and array elements it never stores to
     * ({@code writtenFields}: every field reference naming a field it stores to, {@link #sameName}).
     * {@code callsOut}: it calls a method that may store to any field or array ({@link #storesNothing}).
     */
    record Invariants(Set<Integer> storedSlots, Set<Integer> writtenFields, boolean storesReferences, boolean callsOut) {

        /** True if {@code e} has the same value everywhere in the loop. */
        boolean holds(Expr e) {
            if (e instanceof Expr.Local l) {
                return !storedSlots.contains(l.slot());
            } else if (e instanceof Expr.Arithmetic a) {
                return holds(a.left()) && holds(a.right());
            } else if (e instanceof Expr.MinMax m) {
                return holds(m.left()) && holds(m.right());
            } else if (e instanceof Expr.Length l) {
                return holds(l.array());
            } else if (e instanceof Expr.Field f) {
                return !callsOut && !writtenFields.contains(f.field()) && holds(f.object());
            } else if (e instanceof Expr.StaticField f) {
                return !callsOut && !writtenFields.contains(f.field());
            } else if (e instanceof Expr.Element el) {
                return !callsOut && !storesReferences && holds(el.array()) && holds(el.index());
            }
            return e instanceof Expr.Constant;
        }
    }

    /**
     * The whole method as a loop that runs once, with no variable of its own: a target whose
     * invariants are the locals the method never stores (its parameters), for bounds in their terms.
     */
    static CountedLoop wholeMethod(CodeScan scan) {
        List<Instruction> code = scan.instructions();
        int end = code.get(code.size() - 1).pos();
        return new CountedLoop(-1, end, 0, -1, Opcode.NOP, new Expr.Constant(0), invariants(scan, 0, end));
    }

    /** True if the loop counts up ({@code k < limit} or {@code k <= limit}). */
    boolean ascending() {
        return switch (exitOpcode) {
            case Opcode.IF_ICMPGE, Opcode.IF_ICMPGT, Opcode.IFGE, Opcode.IFGT -> true;
            default -> false;
        };
    }

    /** True if the bound itself is one of the values {@code k} takes ({@code <=} or {@code >=}). */
    boolean inclusive() {
        return switch (exitOpcode) {
            case Opcode.IF_ICMPGT, Opcode.IFGT, Opcode.IF_ICMPLT, Opcode.IFLT -> true;
            default -> false;
        };
    }

    boolean contains(int pos) {
        return pos >= head && pos <= backEdge;
    }

    /**
     * The counted loops of a method, innermost last among nested ones; {@code synchronizes} tells
     * which instructions may end the calling thread's permissions.
     */
    static List<CountedLoop> find(CodeScan scan, Predicate<Instruction> synchronizes) {
        List<CountedLoop> loops = new ArrayList<>();
        for (Instruction insn : scan.instructions()) {
            if (insn.opcode() == Opcode.GOTO || insn.opcode() == Opcode.GOTO_W) {
                int head = scan.jumpTargets(insn).get(0);
                if (head < insn.pos()) {
                    CountedLoop loop = recognize(scan, head, insn, synchronizes);
                    if (loop != null) {
                        loops.add(loop);
                    }
                }
            }
        }
        loops.sort((a, b) -> Integer.compare(a.head(), b.head()));
        return loops;
    }

    private static CountedLoop recognize(CodeScan scan, int head, Instruction backEdge, Predicate<Instruction> synchronizes) {
        int exit = backEdge.next();
        Instruction load = scan.at(head);
        int op = scan.opcodeAt(head);
        Instruction before = scan.before(head);
        if (!(op == Opcode.ILOAD || op >= Opcode.ILOAD_0 && op <= Opcode.ILOAD_3)
                || before == null || CodeScan.endsFlow(before.opcode())) {
            return null;
        }
        int k = scan.slotOf(load);
        Instruction test = firstConditional(scan, head, backEdge.pos());
        if (test == null || scan.jumpTargets(test).get(0) != exit) {
            return null;
        }
        Expr limit = limit(scan, load, test);
        Invariants invariants = invariants(scan, head, backEdge.pos());
        if (limit == null || !invariants.holds(limit) || !onlyEnteredAtHead(scan, head, backEdge.pos())) {
            return null;
        }
        // The update clause, k += step, comes right before the back edge, and nothing else writes k:
        // then every access in the body sees k between its first value and the bound.
        Instruction update = scan.before(backEdge.pos());
        if (scan.opcodeAt(update.pos()) != Opcode.IINC || writes(scan, update) != k) {
            return null;
        }
        for (Instruction insn : scan.instructions()) {
            if (insn.pos() >= head && insn.pos() <= backEdge.pos() && (synchronizes.test(insn)
                    || scan.isHandlerStart(insn.pos()) || insn != update && writes(scan, insn) == k)) {
                return null;
            }
        }
        CountedLoop loop = new CountedLoop(head, backEdge.pos(), test.next(), k, test.opcode(), limit, invariants);
        int step = scan.iincDelta(update);
        return step != 0 && (step > 0) == loop.ascending() ? loop : null;
    }

    private static Instruction firstConditional(CodeScan scan, int from, int to) {
        for (Instruction insn : scan.instructions()) {
            int op = insn.opcode();
            if (insn.pos() > from && insn.pos() < to && (op >= Opcode.IFEQ && op <= Opcode.IF_ACMPNE
                    || op == Opcode.IFNULL || op == Opcode.IFNONNULL)) {
                return insn;
            }
        }
        return null;
    }

    /** {@code iload k; <bound>; if_icmpXX exit}, or {@code iload k; ifXX exit} against zero. */
    private static Expr limit(CodeScan scan, Instruction load, Instruction test) {
        int op = test.opcode();
        if (op >= Opcode.IFLT && op <= Opcode.IFLE) {
            return test.pos() == load.next() ? new Expr.Constant(0) : null;
        }
        if (op < Opcode.IF_ICMPLT || op > Opcode.IF_ICMPLE) {
            return null;
        }
        ExprParser.Parsed bound = new ExprParser(scan).intBefore(test.pos());
        return bound != null && bound.start() == load.next() && straight(scan, bound.start(), test.pos()) ? bound.expr() : null;
    }

    /** True if no jump lands on an instruction in {@code (from, to]}. */
    static boolean straight(CodeScan scan, int from, int to) {
        for (Instruction insn : scan.instructions()) {
            if (insn.pos() > from && insn.pos() <= to && (scan.isBranchTarget(insn.pos()) || scan.isHandlerStart(insn.pos()))) {
                return false;
            }
        }
        return true;
    }

    /** No jump from outside lands inside the loop, nor on its head (which is entered by falling in). */
    private static boolean onlyEnteredAtHead(CodeScan scan, int head, int backEdge) {
        for (Instruction insn : scan.instructions()) {
            if (insn.pos() >= head && insn.pos() <= backEdge) {
                continue;
            }
            for (int target : scan.jumpTargets(insn)) {
                if (target >= head && target <= backEdge) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Invariants invariants(CodeScan scan, int head, int backEdge) {
        Set<Integer> slots = new HashSet<>();
        Set<Integer> fields = new HashSet<>();
        boolean references = false;
        boolean callsOut = false;
        for (Instruction insn : scan.instructions()) {
            if (insn.pos() < head || insn.pos() > backEdge) {
                continue;
            }
            int written = writes(scan, insn);
            int op = scan.opcodeAt(insn.pos());
            if (written >= 0) {
                slots.add(written);
                if (op == Opcode.LSTORE || op == Opcode.DSTORE || op >= Opcode.LSTORE_0 && op <= Opcode.DSTORE_3) {
                    slots.add(written + 1); // a long or double takes two slots
                }
            }
            if (op == Opcode.PUTFIELD || op == Opcode.PUTSTATIC) {
                fields.addAll(sameName(scan.constPool(), scan.u16At(insn)));
            }
            references |= op == Opcode.AASTORE;
            callsOut |= op >= Opcode.INVOKEVIRTUAL && op <= Opcode.INVOKEDYNAMIC && !storesNothing(scan, insn);
        }
        return new Invariants(slots, fields, references, callsOut);
    }

    /**
     * Every field reference of the class naming the field {@code fieldref} names: javac names the
     * qualifier's static type, so {@code sub.n} and {@code ((Base) sub).n} are two entries for one
     * field. Same-named fields of other classes count too, which only keeps a check in a loop.
     */
    private static Set<Integer> sameName(ConstPool constPool, int fieldref) {
        String name = constPool.getFieldrefName(fieldref);
        Set<Integer> refs = new HashSet<>();
        for (int i = 1; i < constPool.getSize(); i++) {
            if (constPool.getTag(i) == ConstPool.CONST_Fieldref && constPool.getFieldrefName(i).equals(name)) {
                refs.add(i);
            }
        }
        return refs;
    }

    /** True for a call of {@link Math} or {@link StrictMath}, which stores to no field or array of the program. */
    static boolean storesNothing(CodeScan scan, Instruction call) {
        if (call.opcode() != Opcode.INVOKESTATIC) {
            return false;
        }
        String owner = CallRef.of(scan.constPool(), scan.u16At(call)).owner();
        return owner.equals("java.lang.Math") || owner.equals("java.lang.StrictMath");
    }

    /** The local slot {@code insn} stores to (a store or {@code iinc}), or -1. */
    static int writes(CodeScan scan, Instruction insn) {
        int op = scan.opcodeAt(insn.pos());
        boolean store = op >= Opcode.ISTORE && op <= Opcode.ASTORE || op >= Opcode.ISTORE_0 && op <= Opcode.ASTORE_3;
        return store || op == Opcode.IINC ? scan.slotOf(insn) : -1;
    }
}

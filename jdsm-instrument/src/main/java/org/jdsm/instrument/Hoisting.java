package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javassist.bytecode.Bytecode;
import javassist.bytecode.ConstPool;
import javassist.bytecode.Opcode;

/**
 * Moves array checks out of counted loops ({@link CountedLoop}): an access {@code a[k + c]} in the
 * innermost such loop around it, with {@code a} and {@code c} unchanged by the loop, is checked
 * once before the loop for every index the loop can reach, and not at all inside. The loop then
 * runs exactly as compiled (the JIT unrolls and vectorizes it as usual). Accesses to one array of
 * one kind share one range check; reads are checked before writes, as the loop body would.
 *
 * <p>The code before the loop first evaluates the arrays, offsets and bound; if that throws (a null
 * array, say), it checks nothing, because the loop would then throw the same exception before
 * touching that array. It checks nothing either if the loop runs no iteration. A range may cover a
 * few more elements than the loop touches (a step above one, an early exit), which is harmless: a
 * check only makes data current or announces writes that may not happen.
 */
final class Hoisting {

    /** {@code offset = sum of terms} (each added or subtracted). */
    private record Term(boolean minus, Expr expr) {
    }

    /** An index {@code coefficient * k + offset}, the coefficient 0 or 1. */
    private record Linear(int coefficient, List<Term> offset) {
    }

    /** Accesses to one array of one kind, at offsets from {@code k} (or fixed, if {@code fixed}). */
    private record Group(Expr array, boolean write, boolean fixed, List<List<Term>> offsets) {
    }

    /** The code to insert before a loop's head, and its handler's place in that code. */
    record Preheader(byte[] code, int tryStart, int tryEnd, int handler, int catchType) {
    }

    private final CodeScan scan;
    private final ExprParser parser;
    private final List<CountedLoop> loops;
    private final Set<Integer> hoisted = new HashSet<>();
    private final Map<CountedLoop, Map<List<Object>, Group>> groups = new LinkedHashMap<>();

    Hoisting(CodeScan scan, List<CountedLoop> loops) {
        this.scan = scan;
        this.parser = new ExprParser(scan);
        this.loops = loops;
        for (Instruction insn : scan.instructions()) {
            int op = insn.opcode();
            if (op >= Opcode.IALOAD && op <= Opcode.SALOAD || op >= Opcode.IASTORE && op <= Opcode.SASTORE) {
                consider(insn, op >= Opcode.IASTORE);
            }
        }
    }

    /** True if the access at {@code pos} is checked before its loop instead. */
    boolean isHoisted(int pos) {
        return hoisted.contains(pos);
    }

    /** The loops that get a check before their head. */
    Set<CountedLoop> loops() {
        return groups.keySet();
    }

    /** How many range checks go before {@code loop}: one per array and kind. */
    int checksBefore(CountedLoop loop) {
        return groups.get(loop).size();
    }

    private void consider(Instruction access, boolean write) {
        CountedLoop loop = innermost(access.pos());
        int operandsEnd = write ? valueStart(access) : access.pos();
        if (loop == null || operandsEnd < 0) {
            return;
        }
        Instruction previous = scan.before(operandsEnd);
        if (!write && previous != null && previous.opcode() == Opcode.DUP2) {
            operandsEnd = previous.pos(); // a[i] += x: the load reads the operands the store will use
        }
        ExprParser.Parsed index = parser.intBefore(operandsEnd);
        ExprParser.Parsed array = index == null ? null : parser.refBefore(index.start());
        if (array == null || !CountedLoop.straight(scan, array.start(), operandsEnd)
                || !loop.invariants().holds(array.expr())) {
            return;
        }
        Linear linear = linear(index.expr(), loop);
        if (linear == null) {
            return;
        }
        boolean fixed = linear.coefficient() == 0;
        groups.computeIfAbsent(loop, l -> new LinkedHashMap<>())
                .computeIfAbsent(List.of(array.expr(), write, fixed), key -> new Group(array.expr(), write, fixed, new ArrayList<>()))
                .offsets().add(linear.offset());
        hoisted.add(access.pos());
    }

    private CountedLoop innermost(int pos) {
        CountedLoop inner = null;
        for (CountedLoop loop : loops) {
            if (loop.contains(pos)) {
                inner = loop; // sorted by head: later ones are nested deeper
            }
        }
        return inner;
    }

    /**
     * Where the stored value's computation starts: just after the last instruction (going back)
     * that leaves only the array and index on the stack; -1 if a jump is in the way.
     */
    private int valueStart(Instruction store) {
        int size = store.opcode() == Opcode.LASTORE || store.opcode() == Opcode.DASTORE ? 2 : 1;
        int base = scan.depthBefore(store.pos()) - size;
        for (Instruction insn = scan.before(store.pos()); insn != null; insn = scan.before(insn.pos())) {
            if (scan.isBranchTarget(insn.next()) || !scan.jumpTargets(insn).isEmpty()) {
                return -1;
            }
            if (scan.depthAfter(insn.pos()) == base) {
                return insn.next();
            }
        }
        return -1;
    }

    private static Linear linear(Expr e, CountedLoop loop) {
        Linear l = terms(e, loop);
        return l != null && (l.coefficient() == 0 || l.coefficient() == 1) ? l : null;
    }

    private static Linear terms(Expr e, CountedLoop loop) {
        if (e instanceof Expr.Local local && !local.reference() && local.slot() == loop.inductionVariable()) {
            return new Linear(1, List.of());
        }
        if (e instanceof Expr.Arithmetic a && a.opcode() != Opcode.IMUL) {
            Linear left = terms(a.left(), loop);
            Linear right = terms(a.right(), loop);
            if (left == null || right == null) {
                return null;
            }
            boolean minus = a.opcode() == Opcode.ISUB;
            List<Term> offset = new ArrayList<>(left.offset());
            right.offset().forEach(t -> offset.add(new Term(t.minus() != minus, t.expr())));
            return new Linear(left.coefficient() + (minus ? -right.coefficient() : right.coefficient()), offset);
        }
        return loop.invariants().holds(e) ? new Linear(0, List.of(new Term(false, e))) : null;
    }

    // ------------------------------------------------------------------ the code before the loop

    /**
     * The checks before {@code loop}; {@code locals} gives scratch slots, and {@code caches} (one per
     * {@link #checksBefore} check, kept by the method) the range each check covered last time, so
     * that entering the loop again inside that range costs compares only.
     */
    Preheader preheader(CountedLoop loop, List<CheckCode.ArraySite> caches, Locals locals, ConstPool constPool) {
        List<Group> checks = new ArrayList<>(groups.get(loop).values());
        checks.sort((a, b) -> Boolean.compare(a.write(), b.write())); // reads first, as in the loop body
        Bytecode b = new Bytecode(constPool);
        int limit = locals.allocate(1);
        int first = locals.allocate(1);
        int last = locals.allocate(1);
        int[] arrays = new int[checks.size()];
        int[] lows = new int[checks.size()];
        int[] highs = new int[checks.size()];
        int tryStart = b.currentPc();
        loop.limit().emit(b);
        b.addIstore(limit);
        for (int g = 0; g < checks.size(); g++) {
            arrays[g] = locals.allocate(1);
            lows[g] = locals.allocate(1);
            highs[g] = locals.allocate(1);
            checks.get(g).array().emit(b);
            b.addAstore(arrays[g]);
            extreme(b, checks.get(g).offsets(), "min");
            b.addIstore(lows[g]);
            extreme(b, checks.get(g).offsets(), "max");
            b.addIstore(highs[g]);
        }
        int tryEnd = b.currentPc();
        int toChecks = CheckCode.branch(b, Opcode.GOTO);
        int handler = b.currentPc();
        b.addOpcode(Opcode.POP);
        int failed = CheckCode.branch(b, Opcode.GOTO);
        CheckCode.land(b, toChecks);
        b.addIload(loop.inductionVariable());
        b.addIload(limit);
        int op = loop.exitOpcode();
        int noIteration = CheckCode.branch(b, op <= Opcode.IFLE ? op + (Opcode.IF_ICMPEQ - Opcode.IFEQ) : op);
        for (int g = 0; g < checks.size(); g++) {
            Group group = checks.get(g);
            bound(b, loop, limit, group.fixed(), true, lows[g]);
            b.addIstore(first);
            bound(b, loop, limit, group.fixed(), false, highs[g]);
            b.addIstore(last);
            CheckCode.rangeCheck(b, group.write(), caches.get(g), arrays[g], first, last);
        }
        CheckCode.land(b, failed);
        CheckCode.land(b, noIteration);
        return new Preheader(b.get(), tryStart, tryEnd, handler, constPool.addClassInfo("java.lang.RuntimeException"));
    }

    /** The smallest (or largest) offset of a group's accesses. */
    private static void extreme(Bytecode b, List<List<Term>> offsets, String minOrMax) {
        for (int i = 0; i < offsets.size(); i++) {
            b.addIconst(0);
            for (Term t : offsets.get(i)) {
                t.expr().emit(b);
                b.addOpcode(t.minus() ? Opcode.ISUB : Opcode.IADD);
            }
            if (i > 0) {
                b.addInvokestatic("java.lang.Math", minOrMax, "(II)I");
            }
        }
    }

    /** The lowest (or highest) index: the lowest (highest) value of {@code k} plus the offset in {@code offsetSlot}. */
    private static void bound(Bytecode b, CountedLoop loop, int limit, boolean fixed, boolean lowest, int offsetSlot) {
        b.addIload(offsetSlot);
        if (fixed) {
            return;
        }
        if (lowest == loop.ascending()) {
            b.addIload(loop.inductionVariable()); // the first value
        } else {
            b.addIload(limit);
            if (!loop.inclusive()) {
                b.addIconst(loop.ascending() ? -1 : 1);
                b.addOpcode(Opcode.IADD);
            }
        }
        b.addOpcode(Opcode.IADD);
    }
}

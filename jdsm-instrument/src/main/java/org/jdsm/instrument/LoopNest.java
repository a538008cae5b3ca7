package org.jdsm.instrument;

import java.util.List;
import javassist.bytecode.Opcode;

/**
 * The counted loops around one array access, outermost first, and the {@link Span} of an int
 * expression over every iteration of one of them (the target): what lets a check move before the
 * outermost loop it can, not only before the innermost (a row loop around a column loop, say, is
 * then checked once, not once a row).
 *
 * <p>Inside the target, an expression's variables are bounded as follows: what the target leaves
 * unchanged is one value; the target's own variable runs from its value at the head to the bound;
 * a nested loop's variable, where that loop is running, runs from its first value to its bound
 * (both bounded in turn); and a local the target stores once, unconditionally at the start of an
 * iteration of one of these loops, before the use, has the bounds of the value stored. Anything
 * else is not bounded, and the access is checked closer to it.
 */
final class LoopNest {

    /** How deep definitions are followed. */
    private static final int MAX_DEPTH = 16;

    private final CodeScan scan;
    private final ExprParser parser;
    private final List<CountedLoop> chain;

    /** {@code chain}: the loops around the access, outermost first. */
    LoopNest(CodeScan scan, ExprParser parser, List<CountedLoop> chain) {
        this.scan = scan;
        this.parser = parser;
        this.chain = chain;
    }

    /** The loops around the access, outermost first. */
    List<CountedLoop> loops() {
        return chain;
    }

    /** The values of {@code e}, evaluated at {@code use} (or later, before the next store), over all of {@code target}; null if unknown. */
    Span span(Expr e, int use, CountedLoop target) {
        return span(e, use, target, 0);
    }

    private Span span(Expr e, int use, CountedLoop target, int depth) {
        if (target.invariants().holds(e)) {
            return new Span.Point(e);
        }
        if (depth > MAX_DEPTH) {
            return null;
        }
        if (e instanceof Expr.Local local && !local.reference()) {
            return variable(local.slot(), use, target, depth + 1);
        }
        if (e instanceof Expr.Arithmetic a) {
            if (a.opcode() == Opcode.IAND) {
                return mask(a.left(), a.right());
            }
            Span left = span(a.left(), use, target, depth + 1);
            Span right = left == null ? null : span(a.right(), use, target, depth + 1);
            if (right == null) {
                return null;
            }
            return a.opcode() == Opcode.IMUL ? new Span.Product(left, right)
                    : Span.sum(left, right, a.opcode() == Opcode.ISUB);
        }
        if (e instanceof Expr.MinMax m) {
            Span left = span(m.left(), use, target, depth + 1);
            Span right = left == null ? null : span(m.right(), use, target, depth + 1);
            return right == null ? null : new Span.Pairwise(m.method(), left, right);
        }
        return null;
    }

    private static Span mask(Expr left, Expr right) {
        int mask = right instanceof Expr.Constant c ? c.value() : left instanceof Expr.Constant c ? c.value() : -1;
        return mask >= 0 ? new Span.Mask(mask) : null;
    }

    /** The values of the int local {@code slot} at {@code use}. */
    private Span variable(int slot, int use, CountedLoop target, int depth) {
        for (CountedLoop loop : chain) {
            if (loop.inductionVariable() == slot && within(loop, target) && loop.contains(use) && use > loop.head()) {
                return induction(loop, target, depth);
            }
        }
        Instruction store = onlyStore(slot, target);
        if (store == null || store.pos() >= use || !startsAnIteration(store, use, target)) {
            return null;
        }
        ExprParser.Parsed value = storedValue(store, slot);
        return value == null ? null : span(value.expr(), value.start(), target, depth);
    }

    /** The int value {@code store} stores to {@code slot}, read in straight code; null if it is no such {@code istore}. */
    private ExprParser.Parsed storedValue(Instruction store, int slot) {
        int op = store == null ? -1 : scan.opcodeAt(store.pos());
        if (!(op == Opcode.ISTORE || op >= Opcode.ISTORE_0 && op <= Opcode.ISTORE_3) || scan.slotOf(store) != slot) {
            return null;
        }
        ExprParser.Parsed value = parser.intBefore(store.pos());
        return value != null && CountedLoop.straight(scan, value.start(), store.pos()) ? value : null;
    }

    /** The values of {@code loop}'s variable in its body: from its first value to its bound. */
    private Span induction(CountedLoop loop, CountedLoop target, int depth) {
        Span first;
        if (loop == target) {
            first = new Span.Point(new Expr.Local(loop.inductionVariable(), false)); // its value where the check runs
        } else {
            ExprParser.Parsed init = storedValue(scan.before(loop.head()), loop.inductionVariable());
            if (init == null) {
                return null;
            }
            first = span(init.expr(), init.start(), target, depth);
        }
        Span bound = span(loop.limit(), loop.head(), target, depth);
        if (first == null || bound == null) {
            return null;
        }
        // Inside the body, k < limit means k <= limit - 1 (k > limit: k >= limit + 1).
        Span last = loop.inclusive() ? bound
                : Span.sum(bound, new Span.Point(new Expr.Constant(loop.ascending() ? -1 : 1)), false);
        return loop.ascending() ? new Span.Between(first, last) : new Span.Between(last, first);
    }

    /** True if {@code loop} is {@code target} or nested in it. */
    private static boolean within(CountedLoop loop, CountedLoop target) {
        return loop.head() >= target.head() && loop.backEdge() <= target.backEdge();
    }

    /** The one instruction of {@code target} that stores {@code slot}, or null (none, or several). */
    private Instruction onlyStore(int slot, CountedLoop target) {
        Instruction only = null;
        for (Instruction insn : scan.instructions()) {
            if (target.contains(insn.pos()) && CountedLoop.writes(scan, insn) == slot) {
                if (only != null) {
                    return null;
                }
                only = insn;
            }
        }
        return only;
    }

    /**
     * True if {@code store} runs, on every iteration of a loop of the nest (inside {@code target})
     * that is running at {@code use}, before anything else can: in the straight code that starts
     * its body.
     */
    private boolean startsAnIteration(Instruction store, int use, CountedLoop target) {
        for (CountedLoop loop : chain) {
            if (within(loop, target) && loop.contains(use) && store.pos() >= loop.body()
                    && !scan.isBranchTarget(loop.body()) && straightFrom(loop.body(), store.pos())) {
                return true;
            }
        }
        return false;
    }

    /** No jump lands in {@code (from, to]} and none leaves from {@code [from, to)}. */
    private boolean straightFrom(int from, int to) {
        for (Instruction insn : scan.instructions()) {
            if (insn.pos() >= from && insn.pos() < to
                    && (!scan.jumpTargets(insn).isEmpty() || CodeScan.endsFlow(insn.opcode()))) {
                return false;
            }
        }
        return CountedLoop.straight(scan, from, to);
    }
}

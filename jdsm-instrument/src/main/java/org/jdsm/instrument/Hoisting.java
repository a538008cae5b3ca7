package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javassist.bytecode.Bytecode;
import javassist.bytecode.ConstPool;
import javassist.bytecode.Opcode;
import org.jdsm.instrument.runtime.Bounds;

/**
 * Moves array checks out of counted loops ({@link CountedLoop}): an access in a loop nest, whose
 * array the nest leaves unchanged and whose index the nest bounds ({@link LoopNest}), is checked
 * once before the outermost loop where both hold, for every index the nest can reach, and not at
 * all inside. The loops then run exactly as compiled (the JIT unrolls and vectorizes them as
 * usual, and no call inside spoils their registers). Accesses to one array of one kind whose
 * indices differ by constants ({@code k - 1}, {@code k}, {@code k + 1}) share one range check;
 * others get their own, so that a nest reading two distant parts of an array (two blocks of a
 * matrix, {@code x + k} and {@code y + k}) does not check, and fetch, everything between. Reads
 * are checked before writes, as the loop body would; a read of a range a write check covers is
 * left out.
 *
 * <p>The code before the loop checks nothing if the loop runs no iteration, and skips the check of
 * an array whose evaluation throws (the loop would throw the same exception before touching it).
 * If evaluating the index bounds throws, every range is the whole array; a bound that may leave
 * the {@code int} range makes its range the whole array. A range may cover more elements than the
 * nest touches (a step above one, a triangular nest, an early exit), which is harmless: a check
 * only makes data current or announces writes that may not happen.
 */
final class Hoisting {

    /** Accesses to one array of one kind, at offsets from one base, by the spans of their indices. */
    private record Group(Expr array, boolean write, List<Span> indices) {
    }

    /** An exception handler of the code before a loop, in that code's positions. */
    record Handler(int start, int end, int handler) {
    }

    /** The code to insert before a loop's head, and its handlers (each catching {@code catchType}). */
    record Preheader(byte[] code, List<Handler> handlers, int catchType) {
    }

    private final CodeScan scan;
    private final ExprParser parser;
    private final List<CountedLoop> loops;
    private final boolean thisInSlot0;
    private final String className;
    private final Map<String, CalleeChecks> callees;
    private final WrittenThrough writtenThrough;
    private final Set<Integer> hoisted = new HashSet<>();
    private final Set<Integer> uncheckedCalls = new HashSet<>();
    private final Map<CountedLoop, Map<List<Object>, Group>> groups = new LinkedHashMap<>();

    /**
     * {@code thisInSlot0}: local 0 holds {@code this} all through the method (never null);
     * {@code callees}: the helpers of class {@code className} whose checks a call may take over;
     * {@code writtenThrough}: the element loads checked for writing ({@code cells[i].value = v}).
     */
    Hoisting(CodeScan scan, List<CountedLoop> loops, boolean thisInSlot0, String className, Map<String, CalleeChecks> callees,
            WrittenThrough writtenThrough) {
        this.scan = scan;
        this.parser = new ExprParser(scan);
        this.loops = loops;
        this.thisInSlot0 = thisInSlot0;
        this.className = className;
        this.callees = callees;
        this.writtenThrough = writtenThrough;
        for (Instruction insn : scan.instructions()) {
            if (ArrayOperands.isAccess(insn.opcode())) {
                consider(insn);
            } else if (insn.opcode() == Opcode.INVOKESTATIC) {
                considerCall(insn);
            }
        }
    }

    /** The calls of helpers whose checks are made before a loop instead: they call the unchecked copy. */
    Set<Integer> uncheckedCalls() {
        return uncheckedCalls;
    }

    /** True if the access at {@code pos} is checked before its loop instead. */
    boolean isHoisted(int pos) {
        return hoisted.contains(pos);
    }

    /** The loops that get a check before their head. */
    Set<CountedLoop> loops() {
        return groups.keySet();
    }

    /** How many range checks go before {@code loop}: one per array, kind and base. */
    int checksBefore(CountedLoop loop) {
        return checks(loop).size();
    }

    /**
     * The range checks before {@code loop}, reads first, as the loop body would; a read of exactly
     * what a write check covers is left out (a block checked for writing is current for reading).
     */
    private List<Group> checks(CountedLoop loop) {
        Collection<Group> all = groups.get(loop).values();
        List<Group> checks = new ArrayList<>();
        for (Group g : all) {
            boolean coveredByWrite = !g.write() && all.stream().anyMatch(w -> w.write() && w.array().equals(g.array())
                    && w.indices().containsAll(g.indices()));
            if (!coveredByWrite) {
                checks.add(g);
            }
        }
        checks.sort((a, b) -> Boolean.compare(a.write(), b.write()));
        return checks;
    }

    private void consider(Instruction access) {
        LoopNest nest = new LoopNest(scan, parser, enclosing(access.pos()));
        ArrayOperands operands = nest.loops().isEmpty() ? null : ArrayOperands.of(scan, parser, access);
        if (operands == null) {
            return;
        }
        boolean write = operands.write() || writtenThrough.contains(access.pos());
        Runnable check = place(nest, operands.array().expr(), write,
                target -> nest.span(operands.index().expr(), operands.index().start(), target));
        if (check != null) {
            check.run();
            hoisted.add(access.pos());
        }
    }

    /**
     * A call of a helper whose accesses are all known ({@link CalleeChecks}): each is checked
     * before a loop, in terms of the call's arguments, and the call goes to the unchecked copy.
     */
    private void considerCall(Instruction call) {
        if (writtenThrough.namesResultOf(call.pos())) {
            return; // the callee's own checks see that its result is written
        }
        CallRef ref = CallRef.of(scan.constPool(), scan.u16At(call));
        CalleeChecks callee = ref.owner().equals(className) ? callees.get(ref.name() + ref.descriptor()) : null;
        LoopNest nest = new LoopNest(scan, parser, enclosing(call.pos()));
        Arguments args = callee == null || nest.loops().isEmpty() ? null : Arguments.of(scan, parser, call, ref.descriptor());
        if (args == null) {
            return;
        }
        List<Runnable> checks = new ArrayList<>();
        for (CalleeChecks.Entry entry : callee.entries()) {
            ExprParser.Parsed array = args.bySlot().get(entry.parameter());
            Runnable check = array == null ? null : place(nest, array.expr(), entry.write(), target -> entry.index().withPoints(
                    point -> {
                        Expr e = point.withLocals(slot -> args.bySlot().containsKey(slot) ? args.bySlot().get(slot).expr() : null);
                        return e == null ? null : nest.span(e, args.start(), target);
                    }));
            if (check == null) {
                return;
            }
            checks.add(check);
        }
        checks.forEach(Runnable::run);
        uncheckedCalls.add(call.pos());
    }

    /**
     * Finds the outermost loop of {@code nest} that leaves {@code array} unchanged and bounds the
     * index ({@code index} gives its span there, or null); returns what adds the check there, or null.
     */
    private Runnable place(LoopNest nest, Expr array, boolean write, Function<CountedLoop, Span> index) {
        for (CountedLoop target : nest.loops()) {
            Span span = target.invariants().holds(array) ? index.apply(target) : null;
            if (span != null) {
                return () -> groups.computeIfAbsent(target, l -> new LinkedHashMap<>())
                        .computeIfAbsent(List.of(array, write, Span.base(span)), key -> new Group(array, write, new ArrayList<>()))
                        .indices().add(span);
            }
        }
        return null;
    }

    /** The counted loops around {@code pos}, outermost first. */
    private List<CountedLoop> enclosing(int pos) {
        return loops.stream().filter(loop -> loop.contains(pos)).toList(); // sorted by head: outer ones first
    }

    // ------------------------------------------------------------------ the code before the loop

    /**
     * The checks before {@code loop}; {@code locals} gives scratch slots, and {@code caches} (one per
     * {@link #checksBefore} check, kept by the method) the range each check covered last time, so
     * that entering the loop again inside that range costs compares only; {@code loadedSinceSync}
     * tells the arrays that may be rows kept from before a synchronization, checked as such.
     */
    Preheader preheader(CountedLoop loop, List<CheckCode.ArraySite> caches, Locals locals, ConstPool constPool,
            LoadedSinceSync loadedSinceSync) {
        List<Group> checks = checks(loop);
        Bytecode b = new Bytecode(constPool);
        List<Handler> handlers = new ArrayList<>();
        int limit = locals.allocate(1);
        int failed = guarded(b, handlers, loop.limit().mayThrow(thisInSlot0), () -> {
            loop.limit().emit(b);
            b.addIstore(limit);
        }, () -> { }); // then checks nothing: the head evaluates the bound again, and throws
        b.addIload(loop.inductionVariable());
        b.addIload(limit);
        int op = loop.exitOpcode();
        int noIteration = CheckCode.branch(b, op <= Opcode.IFLE ? op + (Opcode.IF_ICMPEQ - Opcode.IFEQ) : op);
        int[] arrays = new int[checks.size()];
        int[] bounds = new int[checks.size()];
        for (int g = 0; g < checks.size(); g++) {
            Group group = checks.get(g);
            int array = arrays[g] = locals.allocate(1);
            bounds[g] = locals.allocate(4);
            // An array whose evaluation throws is not checked (null): the loop throws before touching it.
            land(b, guarded(b, handlers, group.array().mayThrow(thisInSlot0), () -> {
                group.array().emit(b);
                b.addAstore(array);
            }, () -> {
                b.addOpcode(Opcode.ACONST_NULL);
                b.addAstore(array);
            }));
        }
        // Every index's bounds in one go, sharing the parts the indices have in common; if anything
        // throws, every range is the whole array.
        boolean mayThrow = checks.stream().flatMap(g -> g.indices().stream()).anyMatch(i -> i.mayThrow(thisInSlot0));
        land(b, guarded(b, handlers, mayThrow, () -> {
            Map<Span, Integer> emitted = new HashMap<>();
            for (int g = 0; g < checks.size(); g++) {
                union(b, checks.get(g).indices(), bounds[g], new Emitter(b, locals, emitted));
            }
        }, () -> {
            for (int s : bounds) {
                b.addLconst(Bounds.WIDE);
                b.addOpcode(Opcode.DUP2);
                b.addLstore(s);
                b.addLstore(s + 2);
            }
        }));
        int first = locals.allocate(1);
        int last = locals.allocate(1);
        for (int g = 0; g < checks.size(); g++) {
            end(b, "first", bounds[g], first);
            end(b, "last", bounds[g], last);
            boolean kept = !loadedSinceSync.expression(checks.get(g).array(), loop.head());
            CheckCode.rangeCheck(b, checks.get(g).write(), kept, caches.get(g), arrays[g], first, last);
        }
        land(b, failed);
        CheckCode.land(b, noIteration);
        return new Preheader(b.get(), handlers, constPool.addClassInfo("java.lang.RuntimeException"));
    }

    /**
     * Emits {@code body} and, if it {@code mayThrow}, {@code onThrow} as its handler: both go on
     * to what follows, except that a throw with an empty {@code onThrow} takes the branch returned
     * (to be landed; -1 if none). A handler only where something may throw: C2 compiles the loops
     * of a method with handlers before them measurably slower (8-12% on the SOR kernel).
     */
    private static int guarded(Bytecode b, List<Handler> handlers, boolean mayThrow, Runnable body, Runnable onThrow) {
        int start = b.currentPc();
        body.run();
        if (!mayThrow) {
            return -1;
        }
        int done = CheckCode.branch(b, Opcode.GOTO);
        handlers.add(new Handler(start, done - 1, b.currentPc()));
        b.addOpcode(Opcode.POP);
        onThrow.run();
        int thrown = CheckCode.branch(b, Opcode.GOTO);
        CheckCode.land(b, done);
        return thrown;
    }

    /** {@code slot = Bounds.firstOrLast(lowest, highest)}, the bounds in {@code s} and {@code s + 2}. */
    private static void end(Bytecode b, String firstOrLast, int s, int slot) {
        b.addLload(s);
        b.addLload(s + 2);
        b.addInvokestatic(Span.BOUNDS, firstOrLast, "(JJ)I");
        b.addIstore(slot);
    }

    private static void land(Bytecode b, int branch) {
        if (branch >= 0) {
            CheckCode.land(b, branch);
        }
    }

    /** Stores the lowest of the spans' lowest bounds in {@code s} and the highest of their highest in {@code s + 2}. */
    private static void union(Bytecode b, List<Span> spans, int s, Emitter emitter) {
        for (int i = 0; i < spans.size(); i++) {
            int span = emitter.of(spans.get(i));
            if (i == 0) {
                b.addLload(span);
                b.addLstore(s);
                b.addLload(span + 2);
                b.addLstore(s + 2);
            } else {
                widen(b, "min", s, span);
                widen(b, "max", s + 2, span + 2);
            }
        }
    }

    /** {@code slot = Bounds.minOrMax(slot, other)}. */
    private static void widen(Bytecode b, String minOrMax, int slot, int other) {
        b.addLload(slot);
        b.addLload(other);
        Span.call(b, minOrMax);
        b.addLstore(slot);
    }

    /** Emits each distinct span once, into slots of its own. */
    private record Emitter(Bytecode code, Locals locals, Map<Span, Integer> emitted) implements Span.Emitted {
        @Override
        public int of(Span span) {
            Integer slot = emitted.get(span);
            if (slot == null) {
                slot = locals.allocate(4);
                span.emit(code, slot, this);
                emitted.put(span, slot);
            }
            return slot;
        }
    }
}

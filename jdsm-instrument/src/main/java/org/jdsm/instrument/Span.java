package org.jdsm.instrument;

import java.util.List;
import java.util.function.Function;
import javassist.bytecode.Bytecode;
import javassist.bytecode.Opcode;

/**
 * The values an int expression takes over every iteration of a loop nest, as code that computes
 * its lowest and highest value before the nest: the interval arithmetic of
 * {@link org.jdsm.instrument.runtime.Bounds}, so that a bound that may leave the {@code int}
 * range makes the whole array be checked.
 */
sealed interface Span {

    /** The runtime class of the arithmetic, by name (the offline instrumenter runs without it). */
    String BOUNDS = "org.jdsm.instrument.runtime.Bounds";

    /**
     * Emits code that stores the lowest value, as a {@code long}, in slot {@code s} and the
     * highest in {@code s + 2}, with the bounds of the parts from {@code parts}.
     */
    void emit(Bytecode code, int s, Emitted parts);

    /** The same span with each point replaced by the span {@code points} gives it (null if any is null). */
    Span withPoints(Function<Expr, Span> points);

    /** The spans it is made of. */
    List<Span> parts();

    /** True if emitting it may throw ({@link Expr#mayThrow}). */
    default boolean mayThrow(boolean thisInSlot0) {
        return parts().stream().anyMatch(p -> p.mayThrow(thisInSlot0));
    }

    /** Where the bounds of spans already emitted are, emitting them first if they are not. */
    interface Emitted {
        /** The slot {@code s} of {@code span}'s bounds ({@code s}: lowest, {@code s + 2}: highest). */
        int of(Span span);
    }

    /** One value all through the nest (it changes in none of its loops). */
    record Point(Expr value) implements Span {
        @Override
        public Span withPoints(Function<Expr, Span> points) {
            return points.apply(value);
        }

        @Override
        public List<Span> parts() {
            return List.of();
        }

        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return value.mayThrow(thisInSlot0);
        }

        @Override
        public void emit(Bytecode code, int s, Emitted parts) {
            value.emit(code);
            code.addOpcode(Opcode.I2L);
            code.addOpcode(Opcode.DUP2);
            code.addLstore(s);
            code.addLstore(s + 2);
        }
    }

    /** {@code x & mask} with a constant {@code mask >= 0}: between 0 and {@code mask}, whatever {@code x}. */
    record Mask(int mask) implements Span {
        @Override
        public Span withPoints(Function<Expr, Span> points) {
            return this;
        }

        @Override
        public List<Span> parts() {
            return List.of();
        }

        @Override
        public void emit(Bytecode code, int s, Emitted parts) {
            code.addLconst(0);
            code.addLstore(s);
            code.addLconst(mask);
            code.addLstore(s + 2);
        }
    }

    /** A span made of two. */
    sealed interface Binary extends Span permits Between, Pairwise, Product {
        Span left();

        Span right();

        /** The same kind of span of other parts. */
        Binary with(Span left, Span right);

        @Override
        default Span withPoints(Function<Expr, Span> points) {
            Span l = left().withPoints(points);
            Span r = l == null ? null : right().withPoints(points);
            return r == null ? null : with(l, r);
        }

        @Override
        default List<Span> parts() {
            return List.of(left(), right());
        }
    }

    /** From the lowest value of {@code left} to the highest of {@code right} (a loop variable's values). */
    record Between(Span left, Span right) implements Binary {
        @Override
        public Binary with(Span l, Span r) {
            return new Between(l, r);
        }

        @Override
        public void emit(Bytecode code, int s, Emitted parts) {
            int l = parts.of(left);
            int h = parts.of(right);
            code.addLload(l);
            code.addLstore(s);
            code.addLload(h + 2);
            code.addLstore(s + 2);
        }
    }

    /**
     * {@code left op right} for {@code op} {@code add}, {@code sub}, {@code min} or {@code max} of
     * {@code Bounds}: the lowest value from the lowest of both (of {@code right}, the highest for a
     * difference), the highest likewise.
     */
    record Pairwise(String op, Span left, Span right) implements Binary {
        @Override
        public Binary with(Span l, Span r) {
            return new Pairwise(op, l, r);
        }

        @Override
        public void emit(Bytecode code, int s, Emitted parts) {
            int l = parts.of(left);
            int r = parts.of(right);
            boolean crossed = op.equals("sub");
            combine(code, op, l, crossed ? r + 2 : r, s);
            combine(code, op, l + 2, crossed ? r : r + 2, s + 2);
        }
    }

    /** {@code left * right}: the extremes are among the four products of their bounds. */
    record Product(Span left, Span right) implements Binary {
        @Override
        public Binary with(Span l, Span r) {
            return new Product(l, r);
        }

        @Override
        public void emit(Bytecode code, int s, Emitted parts) {
            int l = parts.of(left);
            int r = parts.of(right);
            extremeProduct(code, "min", l, r);
            code.addLstore(s);
            extremeProduct(code, "max", l, r);
            code.addLstore(s + 2);
        }

        private static void extremeProduct(Bytecode code, String minOrMax, int l, int r) {
            product(code, l, r);
            product(code, l, r + 2);
            call(code, minOrMax);
            product(code, l + 2, r);
            product(code, l + 2, r + 2);
            call(code, minOrMax);
            call(code, minOrMax);
        }

        private static void product(Bytecode code, int a, int b) {
            code.addLload(a);
            code.addLload(b);
            call(code, "mul");
        }
    }

    /** {@code left + right}, or {@code left - right} if {@code minus}. */
    static Span sum(Span left, Span right, boolean minus) {
        return new Pairwise(minus ? "sub" : "add", left, right);
    }

    /** {@code target = op(a, b)}, all {@code long} slots. */
    private static void combine(Bytecode code, String op, int a, int b, int target) {
        code.addLload(a);
        code.addLload(b);
        call(code, op);
        code.addLstore(target);
    }

    /** {@code span} without the constant offsets added to or subtracted from it: what accesses at nearby indices share. */
    static Span base(Span span) {
        if (span instanceof Pairwise sum && (sum.op().equals("add") || sum.op().equals("sub")) && constant(sum.right())) {
            return base(sum.left());
        }
        if (span instanceof Pairwise sum && sum.op().equals("add") && constant(sum.left())) {
            return base(sum.right());
        }
        return span;
    }

    private static boolean constant(Span span) {
        return span instanceof Point p && p.value() instanceof Expr.Constant;
    }

    /** Calls the {@code (JJ)J} operation {@code op} of {@code Bounds} on the two longs on the stack. */
    static void call(Bytecode code, String op) {
        code.addInvokestatic(BOUNDS, op, "(JJ)J");
    }
}

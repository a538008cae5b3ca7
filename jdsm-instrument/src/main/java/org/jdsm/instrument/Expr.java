package org.jdsm.instrument;

import java.util.function.BinaryOperator;
import java.util.function.IntFunction;
import javassist.bytecode.Bytecode;
import javassist.bytecode.Opcode;

/**
 * An expression of the original code that a loop does not change (an array it indexes, a bound,
 * an index offset), re-evaluated before the loop to check a whole range at once. Fields and rows
 * it reads are read-checked there as the loop checks them: a bound held by a shared object may
 * have changed on another node since this node's copy was last made current.
 */
sealed interface Expr {

    /** Emits code that pushes the expression's value. */
    void emit(Bytecode code);

    /**
     * True if evaluating it may throw (a null reference, an index out of bounds); {@code thisInSlot0}:
     * local 0 is known to hold {@code this}, which is never null.
     */
    boolean mayThrow(boolean thisInSlot0);

    /** The same expression with each local replaced by {@code locals} (null if any maps to null). */
    Expr withLocals(IntFunction<Expr> locals);

    /** An int constant. */
    record Constant(int value) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return false;
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            return this;
        }

        @Override
        public void emit(Bytecode code) {
            code.addIconst(value);
        }
    }

    /** A local variable ({@code reference}: an object, else an int). */
    record Local(int slot, boolean reference) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return false;
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            return locals.apply(slot);
        }

        @Override
        public void emit(Bytecode code) {
            if (reference) {
                code.addAload(slot);
            } else {
                code.addIload(slot);
            }
        }
    }

    /** {@code iadd}, {@code isub}, {@code imul} or {@code iand} of two int expressions. */
    record Arithmetic(int opcode, Expr left, Expr right) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return eitherMayThrow(left, right, thisInSlot0);
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            return both(left, right, locals, (l, r) -> new Arithmetic(opcode, l, r));
        }

        @Override
        public void emit(Bytecode code) {
            left.emit(code);
            right.emit(code);
            code.addOpcode(opcode);
        }
    }

    /** {@code Math.min} or {@code Math.max} of two ints. */
    record MinMax(String method, Expr left, Expr right) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return eitherMayThrow(left, right, thisInSlot0);
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            return both(left, right, locals, (l, r) -> new MinMax(method, l, r));
        }

        @Override
        public void emit(Bytecode code) {
            left.emit(code);
            right.emit(code);
            code.addInvokestatic("java.lang.Math", method, "(II)I");
        }
    }

    /** The length of an array. */
    record Length(Expr array) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return true;
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            Expr a = array.withLocals(locals);
            return a == null ? null : new Length(a);
        }

        @Override
        public void emit(Bytecode code) {
            array.emit(code);
            code.addOpcode(Opcode.ARRAYLENGTH);
        }
    }

    /** An instance field ({@code getfield}, constant pool index {@code field}). */
    record Field(int field, Expr object) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return !(thisInSlot0 && object.equals(new Local(0, true))) || object.mayThrow(thisInSlot0);
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            Expr o = object.withLocals(locals);
            return o == null ? null : new Field(field, o);
        }

        @Override
        public void emit(Bytecode code) {
            object.emit(code);
            code.addOpcode(Opcode.DUP);
            code.addInvokestatic(CheckCode.CHECKS, "readField", "(Ljava/lang/Object;)V");
            code.addOpcode(Opcode.GETFIELD);
            code.addIndex(field);
        }
    }

    /** A static field ({@code getstatic}, constant pool index {@code field}). */
    record StaticField(int field) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return false; // only an Error, when the class fails to initialize
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            return this;
        }

        @Override
        public void emit(Bytecode code) {
            code.addOpcode(Opcode.GETSTATIC);
            code.addIndex(field);
        }
    }

    /** An element of an array of arrays ({@code aaload}), e.g. a row of a {@code double[][]}. */
    record Element(Expr array, Expr index) implements Expr {
        @Override
        public boolean mayThrow(boolean thisInSlot0) {
            return true;
        }

        @Override
        public Expr withLocals(IntFunction<Expr> locals) {
            return both(array, index, locals, Element::new);
        }

        @Override
        public void emit(Bytecode code) {
            array.emit(code);
            index.emit(code);
            code.addOpcode(Opcode.DUP2); // the row's element read-checked, as a one-element range
            code.addOpcode(Opcode.DUP);
            code.addInvokestatic(CheckCode.CHECKS, "readRange", "(Ljava/lang/Object;II)J");
            code.addOpcode(Opcode.POP2);
            code.addOpcode(Opcode.AALOAD);
        }
    }

    /** {@code make} of both expressions with their locals replaced, or null if either is. */
    private static Expr both(Expr left, Expr right, IntFunction<Expr> locals, BinaryOperator<Expr> make) {
        Expr l = left.withLocals(locals);
        Expr r = l == null ? null : right.withLocals(locals);
        return r == null ? null : make.apply(l, r);
    }

    private static boolean eitherMayThrow(Expr left, Expr right, boolean thisInSlot0) {
        return left.mayThrow(thisInSlot0) || right.mayThrow(thisInSlot0);
    }
}

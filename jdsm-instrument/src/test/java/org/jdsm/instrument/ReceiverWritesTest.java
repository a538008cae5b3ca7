package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import javassist.ClassPool;
import javassist.bytecode.Opcode;
import org.jdsm.instrument.programs.MethodsInPlacePlain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which methods may change the object they are called on, as decided from their code. */
class ReceiverWritesTest {

    /** Methods that write only in some of the ways {@link ThisWrites} looks for. */
    static class Shapes {
        int x;
        int[] arr = new int[2];
        MethodsInPlacePlain.Inner inner = new MethodsInPlacePlain.Inner();
        static Shapes last;

        int readsThroughAGetterOfThis() {
            return getX() + 1;
        }

        int getX() {
            return x;
        }

        void writesAnArrayItHolds() {
            arr[0] = 1;
        }

        void callsAWriterOnAnObjectItHolds() {
            inner.increment();
        }

        void passesThisOn() {
            remember(this);
        }

        Shapes returnsThis() {
            return this;
        }

        void storesThis() {
            last = this;
        }

        int recursesReadingOnly(int n) {
            return n <= 0 ? x : recursesReadingOnly(n - 1);
        }

        static void remember(Shapes s) {
            last = s;
        }
    }

    @ParameterizedTest(name = "{0}.{1}")
    @CsvSource({
        "MethodsInPlacePlain$Body, getX, ()I, false",
        "MethodsInPlacePlain$Body, move, (I)V, true",
        "MethodsInPlacePlain$Body, setX, (I)V, true",
        "MethodsInPlacePlain$Body, shift, (I)V, true",
        "MethodsInPlacePlain$Body, bump, ()V, true", // inherited from Base
        "MethodsInPlacePlain$Inner, increment, ()V, true",
        "MethodsInPlacePlain$Inner, n, ()I, false",
    })
    void methodsOfTheProgram(String owner, String name, String descriptor, boolean writes) {
        assertEquals(writes, mayWrite(Opcode.INVOKEVIRTUAL, "org.jdsm.instrument.programs." + owner, name, descriptor));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "readsThroughAGetterOfThis, ()I, false",
        "writesAnArrayItHolds, ()V, true",
        "callsAWriterOnAnObjectItHolds, ()V, true",
        "passesThisOn, ()V, true",
        "returnsThis, ()Lorg/jdsm/instrument/ReceiverWritesTest$Shapes;, true",
        "storesThis, ()V, true",
        "recursesReadingOnly, (I)I, true", // a recursion is not followed
    })
    void waysOfWritingThis(String name, String descriptor, boolean writes) {
        assertEquals(writes, mayWrite(Opcode.INVOKEVIRTUAL, Shapes.class.getName(), name, descriptor));
    }

    @Test
    void jdkMethodsWriteUnlessKnownNotTo() {
        assertEquals(List.of(false, false, false, true, true, true), List.of(
                mayWrite(Opcode.INVOKEVIRTUAL, "java.lang.String", "length", "()I"),
                mayWrite(Opcode.INVOKEVIRTUAL, "java.lang.Integer", "intValue", "()I"),
                mayWrite(Opcode.INVOKEVIRTUAL, Shapes.class.getName(), "hashCode", "()I"), // Object's
                mayWrite(Opcode.INVOKEVIRTUAL, Shapes.class.getName(), "toString", "()Ljava/lang/String;"),
                mayWrite(Opcode.INVOKEVIRTUAL, "java.util.ArrayList", "size", "()I"),
                mayWrite(Opcode.INVOKEINTERFACE, "java.util.List", "size", "()I")));
    }

    private static boolean mayWrite(int opcode, String owner, String name, String descriptor) {
        ClassPool pool = new ClassPool(true);
        pool.insertClassPath(new javassist.LoaderClassPath(ReceiverWritesTest.class.getClassLoader()));
        return new ReceiverWrites(pool).mayWrite(opcode, new CallRef(owner, name, descriptor));
    }
}

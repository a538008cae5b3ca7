package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javassist.ClassPool;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.CodeIterator;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;
import org.jdsm.instrument.programs.StencilPlain;
import org.junit.jupiter.api.Test;

/** Checks of counted loops move before the loop: the stencil's inner loop keeps no check inside. */
class HoistingTest {

    @Test
    void stencilInnerLoopIsCheckedBeforeItNotInside() throws Exception {
        List<String> calls = checksCalled(StencilPlain.class, "relax");
        assertEquals(List.of("readRange", "writeRange"), calls, "calls of Checks in relax(): " + calls);
    }

    @Test
    void everyKindOfCountedLoopInTheShapesIsHoisted() throws Exception {
        List<String> calls = checksCalled(org.jdsm.instrument.programs.Shapes.class, "loops");
        // Only grid[r][Math.max(0, j - 1)] stays checked inside: its index is not k + c.
        assertEquals(1, calls.stream().filter(c -> c.equals("read") || c.equals("write")).count(), "calls: " + calls);
        assertTrue(calls.contains("readRange") && calls.contains("writeRange"), "calls: " + calls);
    }

    @Test
    void loopThatCallsOutKeepsItsChecksInside() throws Exception {
        List<String> calls = checksCalled(org.jdsm.instrument.programs.AliasesPlain.class, "start");
        assertTrue(calls.contains("read") && calls.contains("write"), "calls of Checks in start(): " + calls);
    }

    /** The {@code Checks} methods that {@code method} of {@code c}, once rewritten, calls, in code order. */
    private static List<String> checksCalled(Class<?> c, String method) throws IOException, RewriteException, BadBytecode {
        byte[] original;
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            original = in.readAllBytes();
        }
        ClassPool pool = new ClassPool(true);
        pool.insertClassPath(new javassist.LoaderClassPath(c.getClassLoader()));
        ClassFile cf = new ClassFile(new DataInputStream(new ByteArrayInputStream(new Rewriter(pool).rewrite(original))));
        List<String> calls = new ArrayList<>();
        MethodInfo m = cf.getMethod(method);
        CodeIterator it = m.getCodeAttribute().iterator();
        while (it.hasNext()) {
            int pos = it.next();
            if (it.byteAt(pos) == Opcode.INVOKESTATIC) {
                CallRef call = CallRef.of(cf.getConstPool(), it.u16bitAt(pos + 1));
                if (call.owner().equals(CheckCode.CHECKS)) {
                    calls.add(call.name());
                }
            }
        }
        return calls;
    }
}

package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import org.jdsm.instrument.programs.Shapes;
import org.junit.jupiter.api.Test;

/** Instrumented classes verify and behave exactly as compiled when nothing is shared. */
class BytecodeShapesTest {

    @Test
    void instrumentedCodeBehavesAsCompiled() throws Exception {
        Class<?> instrumented = Jobs.instrumenting().loadClass(Shapes.class.getName());
        assertNotSame(Shapes.class, instrumented);
        String expected = Shapes.run();
        assertEquals(expected, instrumented.getMethod("run").invoke(null));
    }
}

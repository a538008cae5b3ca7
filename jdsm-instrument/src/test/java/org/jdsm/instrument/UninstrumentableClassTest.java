package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import javassist.ClassPool;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.Bytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;
import org.junit.jupiter.api.Test;

/** A class that cannot be rewritten is refused with the class and method named. */
class UninstrumentableClassTest {

    @Test
    void aMethodTooLargeOnceInstrumentedIsNamed() throws IOException {
        byte[] big = classWithHugeMethod("com.example.Big", "fill", 1600);
        RewriteException e = assertThrows(RewriteException.class, () -> new Rewriter(ClassPool.getDefault()).rewrite(big));
        assertTrue(e.getMessage().startsWith("cannot instrument com.example.Big.fill([I)V: "), e.getMessage());
        assertTrue(e.getMessage().contains("too large"), e.getMessage());
    }

    /** {@code static void name(int[] a)} storing into {@code a[0]} {@code stores} times: fits, but not with checks. */
    private static byte[] classWithHugeMethod(String className, String name, int stores) throws IOException {
        ClassFile cf = new ClassFile(false, className, null);
        MethodInfo m = new MethodInfo(cf.getConstPool(), name, "([I)V");
        m.setAccessFlags(AccessFlag.PUBLIC | AccessFlag.STATIC);
        Bytecode code = new Bytecode(cf.getConstPool(), 3, 1);
        for (int i = 0; i < stores; i++) {
            code.addAload(0);
            code.addIconst(0);
            code.addIconst(i & 3);
            code.addOpcode(Opcode.IASTORE);
        }
        code.addOpcode(Opcode.RETURN);
        m.setCodeAttribute(code.toCodeAttribute());
        cf.addMethod2(m);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cf.write(new DataOutputStream(out));
        return out.toByteArray();
    }
}

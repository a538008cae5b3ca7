package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.List;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.Bytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.CodeAttribute;
import javassist.bytecode.CodeIterator;
import javassist.bytecode.ExceptionTable;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;

/**
 * Turns a {@code synchronized} method into one that takes its monitor in its own code, laid out
 * as javac compiles {@code synchronized (this) { body }} (the class object for a static method):
 * {@code monitorenter} on entry, {@code monitorexit} before every return, and a catch-all handler
 * that exits and rethrows. The rewriter then treats the method as it treats a synchronized block,
 * so the thread's instrumented writes end before it stops at the monitor ({@code Checks.beforeEnter}):
 * with {@code ACC_SYNCHRONIZED} the JVM takes the monitor before any code runs, and under SC a
 * thread blocked there kept the blocks it had written from the thread inside.
 *
 * <p>Done in the method itself rather than at its call sites, so every way in is covered:
 * reflection, method handles and lambdas, overriding calls a call site cannot resolve, and calls
 * from code that is not rewritten.
 */
final class SynchronizedMethods {

    private SynchronizedMethods() {
    }

    /**
     * If {@code method} is synchronized, clears the flag and takes its monitor in code, keeping it in
     * a fresh slot of {@code locals}; the method's stack map must be rebuilt afterwards.
     */
    static void lower(ClassFile classFile, MethodInfo method, Locals locals) throws BadBytecode {
        if ((method.getAccessFlags() & AccessFlag.SYNCHRONIZED) == 0 || method.getCodeAttribute() == null) {
            return;
        }
        method.setAccessFlags(method.getAccessFlags() & ~AccessFlag.SYNCHRONIZED);
        CodeAttribute code = method.getCodeAttribute();
        int monitor = locals.allocate(1);
        CodeIterator it = code.iterator();
        exitBeforeReturns(it, monitor);
        byte[] enter = enterCode(classFile, method, monitor);
        it.insertEx(0, enter); // exclusive: a loop back to 0 stays inside the monitor
        int bodyStart = enter.length;
        Bytecode handler = new Bytecode(method.getConstPool());
        handler.addAload(monitor);
        int exitEnd = handler.currentPc() + 1; // the handler's own monitorexit, as javac covers it
        handler.addOpcode(Opcode.MONITOREXIT);
        handler.addOpcode(Opcode.ATHROW); // the exception is still on the stack
        int handlerPc = it.append(handler.get());
        ExceptionTable table = code.getExceptionTable();
        for (int[] range : rangesWithoutReturns(it, bodyStart, handlerPc)) {
            table.add(table.size(), range[0], range[1], handlerPc, 0);
        }
        table.add(table.size(), handlerPc, handlerPc + exitEnd, handlerPc, 0);
    }

    /** {@code this} (the class object if static) into {@code monitor}, then {@code monitorenter}. */
    private static byte[] enterCode(ClassFile classFile, MethodInfo method, int monitor) {
        Bytecode b = new Bytecode(method.getConstPool());
        if ((method.getAccessFlags() & AccessFlag.STATIC) != 0) {
            b.addLdc(method.getConstPool().addClassInfo(classFile.getName()));
        } else {
            b.addAload(0);
        }
        b.addOpcode(Opcode.DUP);
        b.addAstore(monitor);
        b.addOpcode(Opcode.MONITORENTER);
        return b.get();
    }

    /** {@code aload monitor; monitorexit} before every return, where jumps to the return now land. */
    private static void exitBeforeReturns(CodeIterator it, int monitor) throws BadBytecode {
        Bytecode exit = new Bytecode(it.get().getConstPool());
        exit.addAload(monitor);
        exit.addOpcode(Opcode.MONITOREXIT);
        byte[] bytes = exit.get();
        it.begin();
        while (it.hasNext()) {
            int pos = it.next();
            if (isReturn(it.byteAt(pos))) {
                CodeIterator.Gap gap = it.insertGapAt(pos, bytes.length, false); // jumps to the return now land on the exit
                it.write(bytes, gap.position);
                it.move(gap.position + gap.length);
                it.next(); // the return itself
            }
        }
    }

    /**
     * The body's protected ranges from {@code start} to {@code end}, split around each return
     * (javac leaves returns out, so a return that throws does not exit the monitor twice).
     */
    private static List<int[]> rangesWithoutReturns(CodeIterator it, int start, int end) throws BadBytecode {
        List<int[]> ranges = new ArrayList<>();
        int from = start;
        it.move(start);
        while (it.hasNext()) {
            int pos = it.next();
            if (pos >= end) {
                break;
            }
            if (isReturn(it.byteAt(pos))) {
                if (from < pos) {
                    ranges.add(new int[] {from, pos});
                }
                from = it.hasNext() ? it.lookAhead() : end;
            }
        }
        if (from < end) {
            ranges.add(new int[] {from, end});
        }
        return ranges;
    }

    private static boolean isReturn(int op) {
        return op >= Opcode.IRETURN && op <= Opcode.RETURN;
    }
}

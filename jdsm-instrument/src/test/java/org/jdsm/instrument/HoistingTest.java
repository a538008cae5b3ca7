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
import org.jdsm.instrument.programs.InPlacePlain;
import org.jdsm.instrument.programs.LoopNestsPlain;
import org.jdsm.instrument.programs.MatrixRowsPlain;
import org.jdsm.instrument.programs.MethodsInPlacePlain;
import org.jdsm.instrument.programs.RowsKeptAcrossSyncPlain;
import org.jdsm.instrument.programs.StencilPlain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks of counted loops move before the loop, and before the outermost loop of a nest where the
 * nest bounds the indices: the stencil's row loop makes no check inside.
 */
class HoistingTest {

    private static final List<String> ARRAY_CHECKS = List.of("read", "write", "readRange", "writeRange");

    @Test
    void stencilIsCheckedBeforeItsRowLoopNotInside() throws Exception {
        List<String> calls = checksCalled(StencilPlain.class, "relax", false);
        // The rows above (k - n) and below (k + n) apart from the row itself (k - 1, k, k + 1).
        assertEquals(List.of("readRange", "readRange", "readRange", "writeRange"), calls, "calls of Checks in relax(): " + calls);
        assertEquals(List.of(), checksCalled(StencilPlain.class, "relax", true), "calls inside a loop");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rowMajor", "descending", "columnMajor", "triangular", "redBlack", "distantRows"})
    void boundedNestsAreCheckedBeforeTheOuterLoop(String method) throws Exception {
        List<String> calls = checksCalled(LoopNestsPlain.class, method, false);
        assertTrue(calls.contains("readRange") && calls.contains("writeRange") && !calls.contains("read")
                && !calls.contains("write"), "calls of Checks in " + method + "(): " + calls);
        assertEquals(List.of(), checksCalled(LoopNestsPlain.class, method, true), "calls inside a loop of " + method);
    }

    @Test
    void distantPartsOfOneArrayAreCheckedApart() throws Exception {
        List<String> calls = checksCalled(LoopNestsPlain.class, "distantRows", false);
        // src[j] and src[(n - 1) * n + j] apart (not the rows between); dst[t] += ... only for writing
        // (a block checked for writing is current for reading).
        assertEquals(List.of("readRange", "readRange", "writeRange"), calls, "calls: " + calls);
    }

    @Test
    void offsetAdvancedAtTheEndOfAnIterationIsCheckedPerIteration() throws Exception {
        // off changes after the inner loop: before the outer loop its value is not known.
        List<String> inside = checksCalled(LoopNestsPlain.class, "advancedOffset", true);
        assertTrue(inside.contains("writeRange"), "calls inside loops: " + inside);
    }

    @Test
    void helperCalledInALoopIsCheckedBeforeTheLoopAndRunsUnchecked() throws Exception {
        assertEquals(List.of(), checksCalled(LoopNestsPlain.class, "throughHelper", true), "calls inside the loop");
        assertTrue(checksCalled(LoopNestsPlain.class, "throughHelper", false).containsAll(List.of("readRange", "writeRange")));
        assertEquals(List.of("axpy$jdsmUnchecked"), calledHere(LoopNestsPlain.class, "throughHelper"));
        // The helper itself stays checked for other callers, and its copy is the code as compiled.
        assertTrue(checksCalled(LoopNestsPlain.class, "axpy", false).contains("writeRange"));
        assertEquals(List.of(), checksCalled(LoopNestsPlain.class, "axpy$jdsmUnchecked", false));
    }

    @Test
    void helperThatReadsAFieldKeepsItsOwnChecks() throws Exception {
        assertEquals(List.of("scaledAdd"), calledHere(LoopNestsPlain.class, "throughFieldReadingHelper"));
        assertTrue(checksCalled(LoopNestsPlain.class, "scaledAdd", false).contains("writeRange"));
    }

    @Test
    void everyKindOfCountedLoopInTheShapesIsHoisted() throws Exception {
        List<String> calls = checksCalled(org.jdsm.instrument.programs.Shapes.class, "loops", false);
        assertEquals(0, calls.stream().filter(c -> c.equals("read") || c.equals("write")).count(), "calls: " + calls);
        assertTrue(calls.contains("readRange") && calls.contains("writeRange"), "calls: " + calls);
    }

    @Test
    void elementsChangedInPlaceInALoopAreCheckedForWritingBeforeIt() throws Exception {
        // cells[i].value = ..; cells[i].count++: one write range for both, none per element (the
        // checks of the unregistered elements' own fields stay inside).
        List<String> calls = checksCalled(InPlacePlain.class, "changeRange", false);
        assertEquals(List.of("writeRange"), calls.stream().filter(ARRAY_CHECKS::contains).toList(), "calls: " + calls);
        List<String> inside = checksCalled(InPlacePlain.class, "changeRange", true);
        assertEquals(List.of(), inside.stream().filter(ARRAY_CHECKS::contains).toList(), "calls inside the loop: " + inside);
    }

    @Test
    void elementsChangedInPlaceByTheirOwnMethodInALoopAreCheckedForWritingBeforeIt() throws Exception {
        // bodies[i].step(k), step a final method writing this.x: one write range, nothing per element.
        List<String> calls = checksCalled(MethodsInPlacePlain.Body.class, "stepAll", false);
        assertEquals(List.of("writeRange"), calls.stream().filter(ARRAY_CHECKS::contains).toList(), "calls: " + calls);
        assertEquals(List.of(), checksCalled(MethodsInPlacePlain.Body.class, "stepAll", true), "calls inside the loop");
    }

    @Test
    void elementsReadThroughAGetterAreCheckedForReading() throws Exception {
        // bodies[i].getX() only reads this.x: a read check per element (the call may synchronize).
        List<String> calls = checksCalled(MethodsInPlacePlain.class, "sumOfX", false);
        assertEquals(List.of("read"), calls.stream().filter(ARRAY_CHECKS::contains).toList(), "calls: " + calls);
    }

    @Test
    void rowsKeptAcrossABarrierAreCheckedAgainBeforeTheirLoopAndRowsJustLoadedAsBefore() throws Exception {
        // steppedRow and ownRow, loaded before the time-step loop with a barrier each step
        List<String> kept = checksCalledByName(RowsKeptAcrossSyncPlain.class, "start", false);
        assertTrue(kept.contains("writeKeptRange"), "calls of Checks in RowsKeptAcrossSyncPlain.start(): " + kept);
        // nested[i][j] = v in a loop nest: the row is loaded in the interval, no lookup
        List<String> loaded = checksCalledByName(MatrixRowsPlain.class, "start", false);
        assertTrue(loaded.contains("writeRange"), "calls of Checks in MatrixRowsPlain.start(): " + loaded);
    }

    @Test
    void loopThatCallsOutKeepsItsChecksInside() throws Exception {
        List<String> calls = checksCalled(org.jdsm.instrument.programs.AliasesPlain.class, "start", false);
        assertTrue(calls.contains("read") && calls.contains("write"), "calls of Checks in start(): " + calls);
    }

    /** The methods of {@code c} itself that {@code method}, once rewritten, calls, in code order. */
    private static List<String> calledHere(Class<?> c, String method) throws IOException, RewriteException, BadBytecode {
        ClassFile cf = rewritten(c);
        List<String> calls = new ArrayList<>();
        CodeIterator it = cf.getMethod(method).getCodeAttribute().iterator();
        while (it.hasNext()) {
            int pos = it.next();
            int op = it.byteAt(pos);
            if (op >= Opcode.INVOKEVIRTUAL && op <= Opcode.INVOKEINTERFACE) {
                CallRef call = CallRef.of(cf.getConstPool(), it.u16bitAt(pos + 1));
                if (call.owner().equals(c.getName())) {
                    calls.add(call.name());
                }
            }
        }
        return calls;
    }

    /** {@code c}'s class file as the rewriter makes it. */
    static ClassFile rewritten(Class<?> c) throws IOException, RewriteException {
        byte[] original;
        try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class")) {
            original = in.readAllBytes();
        }
        ClassPool pool = new ClassPool(true);
        pool.insertClassPath(new javassist.LoaderClassPath(c.getClassLoader()));
        return new ClassFile(new DataInputStream(new ByteArrayInputStream(new Rewriter(pool).rewrite(original))));
    }

    /**
     * The {@code Checks} methods that {@code method} of {@code c}, once rewritten, calls, as {@link
     * #checksCalledByName} with {@code readKept} and the like named as
     * {@code read}: the same check, of an array that may be a row kept from before a synchronization
     * (a parameter, here), which also looks up the row's block.
     */
    private static List<String> checksCalled(Class<?> c, String method, boolean insideLoops)
            throws IOException, RewriteException, BadBytecode {
        return checksCalledByName(c, method, insideLoops).stream().map(name -> name.replace("Kept", "")).toList();
    }

    /**
     * The {@code Checks} methods that {@code method} of {@code c}, once rewritten, calls, in code
     * order; only those inside a loop (between a backward jump and its target) if {@code insideLoops}.
     */
    private static List<String> checksCalledByName(Class<?> c, String method, boolean insideLoops)
            throws IOException, RewriteException, BadBytecode {
        ClassFile cf = rewritten(c);
        MethodInfo m = cf.getMethod(method);
        List<int[]> loops = new ArrayList<>();
        CodeIterator it = m.getCodeAttribute().iterator();
        while (it.hasNext()) {
            int pos = it.next();
            int op = it.byteAt(pos);
            if ((op == Opcode.GOTO || op >= Opcode.IFEQ && op <= Opcode.IF_ACMPNE) && it.s16bitAt(pos + 1) < 0) {
                loops.add(new int[] {pos + it.s16bitAt(pos + 1), pos});
            }
        }
        List<String> calls = new ArrayList<>();
        it.begin();
        while (it.hasNext()) {
            int pos = it.next();
            boolean inLoop = loops.stream().anyMatch(l -> pos >= l[0] && pos <= l[1]);
            if (it.byteAt(pos) == Opcode.INVOKESTATIC && (inLoop || !insideLoops)) {
                CallRef call = CallRef.of(cf.getConstPool(), it.u16bitAt(pos + 1));
                if (call.owner().equals(CheckCode.CHECKS)) {
                    calls.add(call.name());
                }
            }
        }
        return calls;
    }
}

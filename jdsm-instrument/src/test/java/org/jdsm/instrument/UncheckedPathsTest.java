package org.jdsm.instrument;


import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Paths by which plain code reached shared data without a current check (a loop bound held by a
 * shared object, a shared field read in {@code super(...)}'s argument, an array held by a shared
 * object, a loop bound or array changed through a reference of its superclass's type) or failed
 * to instrument (a synchronized block whose body is a loop); also a loop entered right after a
 * barrier, lambdas, records, switch expressions and strided loops over arrays of every primitive
 * type, rows of a {@code double[][]} registered whole written in place (MatrixRowsPlain), and
 * other shapes of access (AccessShapesPlain, MoreShapesPlain), all of which fail uninstrumented. Each
 * program checks exact values after a barrier and fails if a write was lost or a read was stale.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UncheckedPathsTest {

    private static final int NODES = 2;
    private static final int THREADS = 2;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void loopEnteredRightAfterABarrier(String protocol) {
        run("BarrierBeforeLoopPlain", protocol, "16", "3");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void loopRightInsideASynchronizedBlock(String protocol) {
        run("SynchronizedLoopPlain", protocol, "10");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void loopBoundedByASharedField(String protocol) {
        run("SharedLoopBoundPlain", protocol, "16");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void sharedFieldReadInTheArgumentOfSuper(String protocol) {
        run("SuperArgumentPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void elementsOfAnArrayHeldByASharedObject(String protocol) {
        run("HeldArrayPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void objectsChangedInPlaceThroughASharedArrayOrField(String protocol) {
        run("InPlacePlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void objectsChangedInPlaceByTheirOwnMethods(String protocol) {
        run("MethodsInPlacePlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void lambdasRecordsSwitchesStridesAndEveryPrimitiveType(String protocol) {
        run("LambdasAndStridesPlain", protocol, "13");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void loopBoundOrArrayChangedThroughASuperclassReference(String protocol) {
        run("FieldBySubclassPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void otherShapesOfAccess(String protocol) {
        run("AccessShapesPlain", protocol);
    }

    /**
     * On three nodes one reads the boxes it neither wrote nor is home of: {@code super.clone()} of a
     * shared object copied its fields unchecked, so that node's stale copy came out ("clone saw 4200
     * before 0" under lrc and sc, every run; on 2x2 every reader is a writer or the home).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void otherShapesOfAccessOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("AccessShapesPlain", protocol, 3, 1);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsOfAnArrayOfArraysRegisteredWhole(String protocol) {
        run("MatrixRowsPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void moreShapesOfAccess(String protocol) {
        run("MoreShapesPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writesThroughLocalAliasesAndLibraryCalls(String protocol) {
        run("LocalAliasesPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void elementsAndFieldsChangedByTheMethodsTheyArePassedTo(String protocol) {
        run("ArgumentWritesPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void objectsChangedThroughWhatTheirGettersReturn(String protocol) {
        run("GettersPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void listsOfSharedObjectsChangedByTheJdksCollections(String protocol) {
        run("JdkCollectionWritesPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writesTwoAndMoreLevelsBelowAnElementOrSharedObject(String protocol) {
        run("DeeperWritesPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writesIntoWhatAMethodReturns(String protocol) {
        run("ResultWritesPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writesIntoWhatAMethodReturnsInMoreShapes(String protocol) {
        run("ResultShapesPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void elementsChangedThroughAStreamOrCopyOfTheArray(String protocol) {
        run("HandedOutElementsPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void elementsHandedOutAsVarargs(String protocol) {
        run("VarargsHandOutPlain", protocol);
    }

    /**
     * Shared arrays read or written by JDK methods but {@code Arrays} and {@code System.arraycopy}
     * ({@code IntStream.of}, {@code new String(char[])}, {@code Random.nextBytes}, {@code
     * InputStream.read}, ...): on three nodes the one that is neither writer nor home read its stale
     * copy and other nodes lost the writes.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void arraysReadAndWrittenByOtherJdkMethodsOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("JdkArrayCallsPlain", protocol, 3, 1);
    }

    /**
     * Kept elements read and changed by their own methods that the JDK calls ({@code
     * mapToInt(Item::value)}, {@code List.toString}, {@code forEach(Item::bump)}): their methods
     * took {@code this} as checked, so on three nodes the one that is neither writer nor home read
     * its stale copy and the bumps were lost.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void elementsReadAndChangedByTheirMethodsCalledFromTheJdkOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("JdkCalledMethodsPlain", protocol, 3, 1);
    }

    /**
     * JDK writers given an array held in a field of a shared object or a row of a {@code char[][]}
     * registered whole ({@code random.nextBytes(holder.bytes)}, {@code s.getChars(0, n, grid[i],
     * 0)}): only the holder's read was checked, so the write was lost away from its home; and JDK
     * methods called through a job class extending the JDK's ({@code Dice extends Random}): javac
     * names the job class, so no array check was made ("node 2 [nextBytes(holder.bytes),
     * getChars(holder.chars), getChars(grid[0]), ..., Dice.nextBytes, Sink.write, Source.read]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void jdkWritesThroughHoldersAndJobSubclassesOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("JdkWritesThroughHoldersPlain", protocol, 3, 1);
    }

    /**
     * Shared arrays given to JDK methods through method references the JDK calls ({@code
     * forEach(Arrays::sort)}, {@code map(String::new)}, {@code forEach(dice::nextBytes)}): no
     * invoke of the class named them, so nothing was checked ("node 2 [forEach(Arrays::sort) 0,
     * ..., map(Arrays::toString) [0, 0],[0, 0],[0, 0], ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void jdkMethodsCalledThroughMethodReferencesOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("JdkMethodReferencesPlain", protocol, 3, 1);
    }

    /**
     * Shared objects copied by the {@code Object.clone()} their class inherits, called as {@code
     * clone()} or {@code box.clone()} ({@code invokevirtual}, not {@code super.clone()}): copied
     * unchecked, so node 2 cloned its stale copy ("node 2 [clone() 0, box.clone() 0]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void inheritedCloneOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("InheritedClonePlain", protocol, 3, 1);
    }

    /**
     * Elements moved between blocks by {@code Arrays.sort} and {@code System.arraycopy} inside a
     * shared {@code Object[]}, or put in by {@code list.toArray(cells)}, kept, then written after a
     * barrier: their slots named the blocks they left (or none), so the write checked the wrong
     * block and was lost ("sorted[0]: key 0, v 0", "listed[0]: v 0").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void elementsMovedByASortACopyOrToArrayOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("MovedElementsPlain", protocol, 3, 1);
    }

    /**
     * Shared arrays and objects read and written through a {@code VarHandle}, a {@code MethodHandle}
     * array setter, {@code java.lang.reflect.Array}, {@code Field.setInt} (of a single shared object
     * and of a kept element) and an {@code AtomicIntegerFieldUpdater}: nothing was checked, so the
     * writes were lost away from the homes and node 2 read its stale copies ("node 2 [VarHandle.set
     * [0] 0 != 1, arrayElementSetter [0] 0 != 1, Array.setInt [0] 0 != 1, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void handlesAndReflectionOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("HandlesAndReflectionPlain", protocol, 3, 1);
    }

    /**
     * Rows of a {@code long[][]} registered whole written in the interval they were loaded in, but
     * chosen by a conditional or a switch expression ({@code (c ? m[i] : m[j])[k] += v}): the
     * row's load was found only when one instruction pushed it, so it was read-checked and the
     * write lost away from the home ("node 2 [row chosen by ?: [1] 0 != 13, row chosen by a switch
     * [1] 0 != 14]"); likewise rows and arrays held in elements captured by a lambda or kept in a
     * field of the job ("row captured by a lambda [1] 0 != 14, row kept in a field [1] 0 != 12,
     * held array captured by a lambda [1] 0 != 14"), or given to a record's constructor, an array
     * initializer or varargs ("row given to a record [1] 0 != 12, row in an array initializer [1]
     * 0 != 14, row passed as varargs [1] 0 != 11").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsWrittenOutOfSightOfTheirLoadOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsOutOfSightPlain", protocol, 3, 1);
    }

    /**
     * Rows of {@code long[][]}s registered whole, and an array held in an element, put into a list,
     * stored into an array made earlier or given to a JDK method as an {@code Object}, then written
     * through what holds them now: nothing tied the write to the row's load, which kept its read
     * check, so the write was lost away from the home in every run ("node 2 [row put into a list [1]
     * 0 != 12, held array put into a list [1] 0 != 13, row stored into an array made earlier [1] 0
     * != 14, row given to Objects.requireNonNull [1] 0 != 13, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsHandedOnToCollectionsArraysAndJdkMethodsOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsHandedOnPlain", protocol, 3, 1);
    }

    @ParameterizedTest(name = "{0} on {1} nodes x {2} threads")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 1", "sc, 3, 1"})
    void rowsKeptInLocalsAcrossBarriersLocksAndCalls(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("RowsKeptAcrossSyncPlain", protocol, nodes, threads, "3");
    }

    /**
     * Rows of {@code long[][]}s registered whole, chosen by a conditional or switch expression and
     * given straight to an {@code Arrays} writer or a method of the job's that writes them ({@code
     * Arrays.fill(c ? m[i] : m[j], v)}, {@code put(c ? m[i] : m[j], v)}): only a value one
     * instruction pushed was looked at, so the row's load kept its read check and the write was
     * lost away from the home ("node 0 [row chosen by ?: given to Arrays.fill [0] 0 != 7, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsChosenByAConditionalForAWriterOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsChosenForWritersPlain", protocol, 3, 1);
    }

    /**
     * Rows of {@code long[][]}s registered whole, returned as an {@code Object} by a method of the
     * job's and handed on by its caller (put into a list, kept in a field, given to {@code
     * Optional}), then written: only an array-typed result counted as a row, so the caller did not
     * ask the callee to write-check the row it returned, and the write was lost away from the home
     * ("node 0 [row returned as an Object put into a list [0] 0 != 7, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsReturnedAsObjectsAndHandedOnOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsReturnedAsObjectsPlain", protocol, 3, 1);
    }

    /**
     * Rows of {@code long[][]}s registered whole, returned by a lambda to the JDK ({@code
     * mapToObj(i -> m[i])}, {@code Optional.map}), which hands them on to code that writes them: no
     * rewritten caller named the lambda's result as written, so its load kept its read check and
     * the write was lost away from the home ("node 0 [row a lambda returned to mapToObj [0] 0 != 7,
     * ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsReturnedByLambdasToTheJdkOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsReturnedToJdkPlain", protocol, 3, 1);
    }

    /**
     * Rows of {@code long[][]}s registered whole, returned by a method of the job's called through
     * a method reference ({@code IntFunction<long[]> f = this::row; f.apply(i)[k] = v}, {@code
     * mapToObj(this::row)}, static, of another object, typed {@code Object}), then written: the
     * caller named {@code apply(I)} (the JDK nothing), to which the method did not answer, so its
     * load kept its read check and the write was lost away from the home ("node 0 [row of this::m
     * through apply [0] 0 != 7, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsReturnedThroughMethodReferencesOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsThroughMethodReferencesPlain", protocol, 3, 1);
    }

    /**
     * Rows of {@code long[][]}s registered whole, and an array held in an element, set through a
     * {@code VarHandle} or {@code MethodHandle} typed with the array's type ({@code vh.set(m[i], k,
     * v)}, {@code setter.invoke(m[i], k, v)}): the handle's check of the row itself is a no-op,
     * and a JDK method's array parameter did not count as written through, so the row's load kept
     * its read check and the write was lost away from the home ("node 0 [row given to
     * VarHandle.set [0] 0 != 7, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsSetThroughHandlesOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsThroughHandlesPlain", protocol, 3, 1);
    }

    /**
     * A shared array read by the generator of {@code Arrays.parallelSetAll(local, k -> shared[k])},
     * which the common fork-join pool's threads ran unchecked: nodes that had read the array before
     * its writer changed it copied their stale copies ("node 1 [parallelSetAll read [0] 0 != 1]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void sharedDataReadByAParallelSetAllGeneratorOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("ParallelArraysPlain", protocol, 3, 1);
    }

    /**
     * Rows of {@code long[][]}s registered whole, returned to the JDK by a method of the job's that
     * implements a JDK interface (an anonymous {@code Supplier} given to {@code Stream.generate}, an
     * {@code IntFunction} class given to {@code mapToObj}, an {@code Iterator} that {@code
     * Iterable.forEach} calls), then written by the code the JDK handed them to: no rewritten caller
     * named the method's result as written, so its load kept its read check and the write was lost
     * away from the home ("node 0 [row an anonymous Supplier gave Stream.generate [0] 0 != 7, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsReturnedToTheJdkByImplementationsOfItsInterfacesOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsFromJdkInterfacesPlain", protocol, 3, 1);
    }

    /**
     * Rows, and arrays held by a shared {@code Object[]}, copied from the local they were loaded
     * into to another local before being written ({@code long[] b = a; b[k] = v}, {@code
     * Arrays.fill(b, ...)}, an {@code instanceof} pattern, whose variable javac fills from a copy):
     * only the loads stored straight into a local counted as its aliases, so the load kept its read
     * check and the write was lost away from the home ("node 0 [row copied to another local [0] 0 !=
     * 7, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void rowsCopiedFromLocalToLocalOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("RowsThroughLocalCopiesPlain", protocol, 3, 1);
    }

    /**
     * Shared arrays bound to a handle ({@code setter.bindTo(a).invoke(i, v)}), given to {@code
     * invokeWithArguments} (in its array or list) or to {@code Method.invoke} of a JDK method:
     * only {@code invoke}'s own arguments were checked, so the writes were lost away from the homes
     * ("node 0 [array bound to a handle [0] 0 != 7, ...]").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void arraysBoundToHandlesOrGivenToInvokeWithArgumentsOnThreeNodes(String protocol) {
        Jobs.runInstrumentedToOk("HandleArgumentsPlain", protocol, 3, 1);
    }

    private static void run(String program, String protocol, String... args) {
        Jobs.runInstrumentedToOk(program, protocol, NODES, THREADS, args);
    }
}

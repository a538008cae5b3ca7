package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jdsm.runtime.DsmStats;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Data-race-free plain programs, instrumented, over the protocol tests' ChaosComm ({@code chaos}),
 * which delays every message at random so that messages of different pairs of nodes overtake each
 * other: counters and totals under {@code synchronized}, turns, bounded buffers and mailboxes with
 * {@code wait}/{@code notify}, handovers through barriers, false sharing, cross-order writers,
 * rows and held arrays, other shapes of access (clones), kept elements and collections, handles and reflection. Each
 * program checks its own results (every thread reports "ok") or leaves values that must equal those
 * of the same program run uninstrumented by as many threads in one node (plain Java memory, no DSM).
 * Not here: ManyWaitersPerNodePlain, whose pace check (15 ms a pass) the delays themselves exceed.
 *
 * <p>Each program runs under lrc and sc, each at one of the shapes 2x2, 3x2 and 4x1 (nodes x
 * threads), rotating over the programs so that every protocol meets every shape.
 * {@code -Djdsm.instrument.chaos.allShapes=true} runs every program at every shape under both,
 * {@code -Djdsm.instrument.chaos.rounds=N} every case N times (a soak; the default is once).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PlainProgramsOverChaosTest {

    /** Programs that report "ok" per thread: name and arguments. */
    private static final List<List<String>> CHECKING = List.of(
            List.of("TurnsPlain", "6"),
            List.of("BoundedBufferPlain", "20"),
            List.of("MailboxesPlain", "8"),
            List.of("StaticLockPlain", "10"),
            List.of("SlotsBesideLockedTotalPlain", "10"),
            List.of("CrossOrderPlain", "96", "8", "4"),
            List.of("MatrixRowsPlain"),
            List.of("HeldArrayPlain"),
            List.of("AccessShapesPlain"),
            List.of("KeptElementsPlain"),
            List.of("KeptCollectionJobsPlain", "3", "grow"),
            List.of("CollectionPartsPlain", "2", "32", "53"),
            List.of("IteratedCollectionsPlain", "3", "4", "67"),
            List.of("ShelvesPlain", "4", "32", "59"),
            List.of("ConcurrentKeysPlain", "20"),
            List.of("NestedKeptJobsPlain", "3"),
            List.of("AccessOrderPlain"),
            List.of("JdkWritesThroughHoldersPlain"),
            List.of("JdkMethodReferencesPlain"),
            List.of("InheritedClonePlain"),
            List.of("MovedElementsPlain"),
            List.of("HandlesAndReflectionPlain"),
            List.of("RowsOutOfSightPlain"),
            List.of("RowsHandedOnPlain"));

    /** Programs that leave values: name and arguments. */
    private static final List<List<String>> VALUED = List.of(
            List.of("CounterPlain", "20"),
            List.of("HandoverPlain", "13"),
            List.of("FalseSharingPlain", "96", "16"),
            List.of("StencilPlain", "16", "3"));

    private static final List<String> PROTOCOLS = List.of("lrc", "sc");
    private static final List<int[]> SHAPES = List.of(new int[] {2, 2}, new int[] {3, 2}, new int[] {4, 1});

    static Stream<Arguments> checking() {
        return cases(CHECKING);
    }

    static Stream<Arguments> valued() {
        return cases(VALUED);
    }

    private static Stream<Arguments> cases(List<List<String>> programs) {
        int rounds = Integer.getInteger("jdsm.instrument.chaos.rounds", 1);
        boolean allShapes = Boolean.getBoolean("jdsm.instrument.chaos.allShapes");
        return IntStream.range(0, rounds).boxed().flatMap(r -> IntStream.range(0, programs.size()).boxed().flatMap(i -> {
            List<String> p = programs.get(i);
            return IntStream.range(0, PROTOCOLS.size()).boxed().flatMap(k -> IntStream.range(0, SHAPES.size())
                    .filter(s -> allShapes || s == (i + k) % SHAPES.size())
                    .mapToObj(s -> Arguments.of(p.get(0), PROTOCOLS.get(k), SHAPES.get(s)[0], SHAPES.get(s)[1], p.subList(1, p.size()))));
        }));
    }

    @ParameterizedTest(name = "{0} {1} {2}x{3}")
    @MethodSource("checking")
    void programsCheckingThemselvesPassOverReorderedMessages(String program, String protocol, int nodes, int threads, List<String> args) {
        overChaos(program, protocol, nodes, threads, args);
        Jobs.assertAllOk(program, nodes * threads);
    }

    @ParameterizedTest(name = "{0} {1} {2}x{3}")
    @MethodSource("valued")
    void programsLeaveTheValuesOfOneJvmOverReorderedMessages(String program, String protocol, int nodes, int threads, List<String> args) {
        int all = nodes * threads;
        overChaos(program, protocol, nodes, threads, args);
        List<Object> seen = taken(program, all);
        Jobs.runPlain(program, "lrc", 1, all, args.toArray(String[]::new));
        assertEquals(taken(program, all), seen, program + " over chaos against one node of plain Java");
    }

    /**
     * Under sc, CrossOrderPlain's threads write blocks in different orders and hold them until their
     * next synchronization; over delays a wait for a block outlasts {@code SharedObjectPool.awaitBlock}'s
     * patience, so the thread gives up its written blocks ordered after that one and takes them back
     * (counted as {@code BLOCK_WAIT_YIELDS}). That path is taken, and no write made before or after
     * it is lost: the program checks every element its neighbour wrote each phase, and all at the end.
     */
    @ParameterizedTest(name = "sc {0}x{1}")
    @CsvSource({"3, 2", "4, 1"})
    void writesGivenUpWhileWaitingLongForABlockAreKept(int nodes, int threads) {
        long yields = 0;
        for (int run = 0; run < 3 && yields == 0; run++) { // a run without a long wait is rare: take another
            InJvmJob job = Jobs.instrumented("CrossOrderPlain", "sc", nodes, threads, "96", "8", "4").comm("chaos");
            job.run();
            Jobs.assertAllOk("CrossOrderPlain", nodes * threads);
            for (int n = 0; n < nodes; n++) {
                yields += job.nodeStats(n).get(DsmStats.Counter.BLOCK_WAIT_YIELDS);
            }
        }
        assertTrue(yields > 0, "no thread gave up its written blocks while waiting for one in 3 runs");
    }

    private static void overChaos(String program, String protocol, int nodes, int threads, List<String> args) {
        Jobs.instrumented(program, protocol, nodes, threads, args.toArray(String[]::new)).comm("chaos").run();
    }

    /** What {@code program} left under its name and under its name and each thread (arrays as lists, to compare). */
    private static List<Object> taken(String program, int threads) {
        List<Object> out = new ArrayList<>();
        out.add(comparable(Results.take(program)));
        for (int t = 0; t < threads; t++) {
            out.add(comparable(Results.take(program + t)));
        }
        assertNotNull(out.stream().filter(v -> v != null).findAny().orElse(null), program + " left no result");
        return out;
    }

    private static Object comparable(Object value) {
        if (value instanceof int[] a) {
            return IntStream.of(a).boxed().toList();
        }
        return value;
    }
}

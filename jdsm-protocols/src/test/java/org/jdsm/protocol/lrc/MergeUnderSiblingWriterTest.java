package org.jdsm.protocol.lrc;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;
import org.jdsm.protocol.suite.Check;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The merge of a refetched block under a sibling thread's unpublished writes
 * ({@code BlockState.mergeUnder}): a {@code long[]} block, blocks whose elements are references (a
 * {@code String[]} block, an {@code Object[]} block of boxed longs) and a single shared object with
 * one field per writer. The sibling's write must survive the merge, the master's change must show,
 * and a later write of the merged element by the home must not be undone when the sibling finally
 * publishes (its diff must hold its own writes only: the fetched copy became its twin).
 * LRC only (the out-of-band hand-off between the two threads of node 1 would deadlock under SC,
 * whose {@code writeCheck} holds the block exclusively until the next synchronization).
 */
class MergeUnderSiblingWriterTest {

    /**
     * Primitive elements; reference elements that compare by {@code equals} (strings, boxed longs)
     * and by identity only ({@code Cell}: the merge compares their encodings); a single shared object.
     */
    @ParameterizedTest(name = "{0} over {1}")
    @CsvSource({"longs,local", "longs,chaos", "strings,local", "strings,chaos", "objects,local", "objects,chaos",
            "cells,local", "cells,chaos", "one,local", "one,chaos"})
    @Timeout(60)
    void aSiblingsUnpublishedWriteSurvivesTheMergeOfARefetch(String kind, String comm) {
        run(kind, comm);
    }

    private static void run(String kind, String comm) {
        InJvmJob.of(MergeUnderSiblingWriter.class).protocol("lrc").comm(comm).nodes(2).threadsPerNode(2)
                .args(List.of(kind, "8")).run();
    }

    /** An element class without a value {@code equals}: every decoded copy is a new, unequal instance. */
    public static final class Cell {
        public long value;

        public Cell() {
        }

        Cell(long value) {
            this.value = value;
        }
    }

    /** A single shared object: field {@code a} is written by node 1's thread 2, {@code b} by thread 0 under "L". */
    public static final class Pair {
        public String a = "a0";
        public String b = "b0";
    }

    /**
     * One block of 8 elements (or a {@link Pair}) homed on node 0, and one-element {@code box} and
     * {@code ack} homed on node 0. Round r: thread 0 (node 0) writes element 4 (field b) and
     * {@code box[0] = r} under lock "L". On node 1, thread 2 writes element 0 (field a) and, before
     * its next synchronization, waits until thread 3 has read: thread 3 polls {@code box} under "L"
     * and once it shows r reads element 4, which makes node 1 refetch the block and merge it under
     * thread 2's write, and sets {@code ack[0] = r}. Thread 0 waits under "L" for the ack and writes
     * element 4 again. A barrier (where thread 2 publishes) ends the round and everybody checks both
     * elements. Args: kind (longs, strings, objects, cells, one), rounds.
     */
    public static final class MergeUnderSiblingWriter extends Spmd {
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(20);

        String kind;
        long[] longs;
        String[] strings;
        Object[] objects;
        Pair pair;
        long[] box;
        long[] ack;
        final AtomicInteger writing = new AtomicInteger();
        final AtomicInteger read = new AtomicInteger();

        @Override
        public void init() {
            kind = args().get(0);
            switch (kind) {
                case "longs" -> longs = pool.register(new long[8], 8);
                case "strings" -> {
                    strings = new String[8];
                    for (int i = 0; i < 8; i++) {
                        strings[i] = "init-" + i; // non-null: every decoded element is a new instance
                    }
                    pool.register(strings, 8);
                }
                case "objects", "cells" -> {
                    objects = new Object[8];
                    for (int i = 0; i < 8; i++) {
                        objects[i] = kind.equals("cells") ? new Cell(10_000L + i) : (Object) (10_000L + i); // outside Long's cache
                    }
                    pool.register(objects, 8);
                }
                case "one" -> pair = pool.register(new Pair());
                default -> throw new IllegalArgumentException(kind);
            }
            box = pool.register(new long[1], 1);
            ack = pool.register(new long[1], 1);
        }

        private void write(int element, long round) {
            switch (kind) {
                case "longs" -> {
                    pool.writeCheck(longs, element);
                    longs[element] = (Long) expected(element, round);
                }
                case "strings" -> {
                    pool.writeCheck(strings, element);
                    strings[element] = (String) expected(element, round);
                }
                case "objects" -> {
                    pool.writeCheck(objects, element);
                    objects[element] = expected(element, round);
                }
                case "cells" -> {
                    pool.writeCheck(objects, element);
                    objects[element] = new Cell((Long) expected(element, round));
                }
                default -> {
                    pool.writeCheck(pair);
                    if (element == 0) {
                        pair.a = (String) expected(element, round);
                    } else {
                        pair.b = (String) expected(element, round);
                    }
                }
            }
        }

        private Object read(int element) {
            switch (kind) {
                case "longs" -> {
                    pool.readCheck(longs, element);
                    return longs[element];
                }
                case "strings" -> {
                    pool.readCheck(strings, element);
                    return strings[element];
                }
                case "objects" -> {
                    pool.readCheck(objects, element);
                    return objects[element];
                }
                case "cells" -> {
                    pool.readCheck(objects, element);
                    return ((Cell) objects[element]).value;
                }
                default -> {
                    pool.readCheck(pair);
                    return element == 0 ? pair.a : pair.b;
                }
            }
        }

        /** Element 4 (field b) is written twice a round: {@code round} is 2r-1, then 2r. */
        private Object expected(int element, long round) {
            return switch (kind) {
                case "longs", "objects", "cells" -> 1_000_000L * element + 1000 + round;
                case "strings" -> "e" + element + "-r" + round;
                default -> (element == 0 ? "a-r" : "b-r") + round;
            };
        }

        @Override
        public void start() {
            int rounds = Integer.parseInt(args().get(1));
            for (int r = 1; r <= rounds; r++) {
                int round = r;
                long deadline = System.nanoTime() + PATIENCE_NANOS;
                if (myThread() == 0) {
                    pool.lock("L");
                    write(4, 2 * r - 1);
                    pool.writeCheck(box, 0);
                    box[0] = r;
                    pool.unlock("L");
                    while (true) { // until thread 3 has read, then write element 4 again (the home's copy, in place)
                        pool.lock("L");
                        try {
                            pool.readCheck(ack, 0);
                            if (ack[0] == r) {
                                write(4, 2 * r);
                                break;
                            }
                        } finally {
                            pool.unlock("L");
                        }
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": thread 3 never acknowledged");
                        LockSupport.parkNanos(200_000);
                    }
                } else if (myThread() == 2) {
                    write(0, r); // unpublished until this thread's next synchronization (the barrier)
                    writing.set(r);
                    while (read.get() < r) {
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": thread 3 never read");
                        LockSupport.parkNanos(100_000);
                    }
                } else if (myThread() == 3) {
                    while (writing.get() < r) {
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": thread 2 never wrote");
                        LockSupport.parkNanos(100_000);
                    }
                    while (true) {
                        pool.lock("L");
                        try {
                            pool.readCheck(box, 0);
                            if (box[0] == r) {
                                Object seen = read(4);
                                Check.that(expected(4, 2 * round - 1).equals(seen), () -> "round " + round + ": element 4 under lock L"
                                        + " after box showed the round: expected " + expected(4, 2 * round - 1) + ", saw " + seen);
                                pool.writeCheck(ack, 0);
                                ack[0] = r;
                                break;
                            }
                        } finally {
                            pool.unlock("L");
                        }
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": box never showed the round");
                        LockSupport.parkNanos(200_000);
                    }
                    read.set(r);
                }
                barrier();
                Object first = read(0);
                Check.that(expected(0, round).equals(first), () -> "round " + round + ": element 0 after the barrier (thread 2's"
                        + " write, unpublished while node 1 refetched the block): expected " + expected(0, round) + ", saw " + first);
                Object fourth = read(4);
                Check.that(expected(4, 2 * round).equals(fourth), () -> "round " + round + ": element 4 after the barrier (the home"
                        + " wrote it again after node 1 merged it; node 1's diff must not undo that): expected "
                        + expected(4, 2 * round) + ", saw " + fourth);
                barrier();
            }
        }
    }
}

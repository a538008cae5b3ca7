package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.JobAbortedException;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Misuse of the API fails the whole job promptly (every test has a time-out) with a message that
 * names the culprit: the object, the class, the index, the call, the rank.
 */
class BadInputTest {

    private static final Shape TWO_NODES = new Shape(2, 1);
    private static final Shape THREE_NODES = new Shape(3, 1);

    private static void assertMentions(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), () -> "error message lacks '" + part + "':\n" + message);
        }
    }

    /** One misuse: the job that commits it, where it runs, and what its error must name. */
    private record Misuse(String name, Class<? extends Spmd> job, Shape shape, String... mentions) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Misuse> MISUSES = List.of(
            new Misuse("register outside init", RegisterInStartJob.class, TWO_NODES,
                    "register(int[])", "outside init()"),
            new Misuse("registrations that differ between nodes", MismatchedRegistrationJob.class, TWO_NODES,
                    "registrations differ", "shared object #1", "long[8]", "long[9]", "node 1"),
            new Misuse("unserializable object", UnserializableJob.class, TWO_NODES,
                    "cannot share", UnserializableJob.HoldsThread.class.getName(), "worker", "java.lang.Thread"),
            // Kryo made such a wrapper without its constructor: an empty one passed and broke on the node it reached.
            new Misuse("an empty synchronizedList in a field", WrapperFieldJob.class, TWO_NODES,
                    "cannot share", "field lines", "java.util.Collections$SynchronizedRandomAccessList",
                    "is a view or wrapper"),
            new Misuse("a row of a registered matrix registered again", RowTwiceJob.class, TWO_NODES,
                    "cannot register double[8]: it is element 1 of shared object #0", "the whole or its parts"),
            new Misuse("a record registered as a single object", RecordJob.class, TWO_NODES,
                    "register(" + RecordJob.Holder.class.getName() + ")", "a record cannot be a single shared object"),
            // Its state in transient fields that its own encoding carried never reached another node.
            new Misuse("a KryoSerializable registered as a single object", OwnEncodingJob.class, TWO_NODES,
                    "register(" + OwnEncodingJob.Packed.class.getName() + ")", "a class with an encoding of its own"),
            // Its fields are closed to reflection: it failed with an IllegalArgumentException's stack trace.
            new Misuse("an ArrayList registered as a single object", JdkListJob.class, THREE_NODES,
                    "register(java.util.ArrayList)", "an instance of the JDK class java.util.ArrayList",
                    "cannot be a single shared object", "java.util.ArrayList.size is closed to reflection",
                    "hold its content in a field of a class of your own", "register(array, blockLength)"),
            // The trial encoding failed first, naming the class twice and no remedy.
            new Misuse("an AtomicLong registered as a single object", JdkAtomicJob.class, THREE_NODES,
                    "register(java.util.concurrent.atomic.AtomicLong)", "cannot be a single shared object",
                    "java.util.concurrent.atomic.AtomicLong.value is closed to reflection",
                    "hold its content in a field of a class of your own"),
            new Misuse("an object of a class extending ArrayList registered", ExtendsJdkListJob.class, THREE_NODES,
                    "register(" + ExtendsJdkListJob.Tally.class.getName() + ")",
                    "an instance of a class extending the JDK class java.util.ArrayList",
                    "cannot be a single shared object", "hold the ArrayList in a field of your class instead of extending it"),
            // It failed with the stack trace of an IllegalArgumentException about String.value's accessibility.
            new Misuse("a list registered with a block length", JdkListWithBlockLengthJob.class, TWO_NODES,
                    "register(obj, blockLength) needs an array", "got java.util.ArrayList"),
            // Under lrc it named org.jdsm.protocol.lrc.Messages$Diff, not the object written.
            new Misuse("an unshareable value stored in start()", LateUnshareableJob.class, TWO_NODES,
                    LateUnshareableJob.Holder.class.getName(), "java.util.Random is a JDK class"),
            new Misuse("index out of range", IndexOutOfRangeJob.class, TWO_NODES,
                    "IndexOutOfBoundsException", "index 8 outside 0..7", "shared object #0"),
            new Misuse("range past the end", RangeOutOfRangeJob.class, TWO_NODES,
                    "IndexOutOfBoundsException", "range [4, 12) outside 0..7", "shared object #0"),
            new Misuse("range that ends before it starts", ReversedRangeJob.class, TWO_NODES,
                    "IllegalArgumentException", "range [5, 3)", "ends before it starts"),
            new Misuse("release without acquire", ReleaseWithoutAcquireJob.class, TWO_NODES,
                    "release(shared object #0", "does not hold block 1 (it never acquired it, or has released it already)"),
            new Misuse("unlock by a thread that does not hold the lock", UnlockByNonHolderJob.class, new Shape(2, 2),
                    "unlock(\"guarded\")", "does not hold the lock", "thread 1"),
            new Misuse("start() returning with a lock held", KeepsLockJob.class, TWO_NODES,
                    "node 1", "start() returned", "still holds lock(\"kept\")"),
            new Misuse("start() returning with a block acquired", KeepsBlockJob.class, TWO_NODES,
                    "node 1", "start() returned", "still holds block 1 of shared object #0"),
            new Misuse("start() returning while its acquireAsync is still taking a block", KeepsAsyncBlockJob.class, TWO_NODES,
                    "node 1", "start() returned", "still holds block 0 of shared object #0"),
            new Misuse("a thread returning while its sibling waits in barrier()", SiblingSkipsBarrierJob.class, new Shape(1, 2),
                    "barrier() can never complete", "thread 1 has returned from start()"),
            new Misuse("a node returning while another waits in barrier()", NodeSkipsBarrierJob.class, new Shape(3, 1),
                    "barrier() can never complete", "node 2 have returned from start() after 2 barriers"),
            // It failed as if start() were wrong: 'thread 0 has returned from start(); every thread must call barrier() ...'.
            new Misuse("barrier() in fin()", BarrierInFinJob.class, new Shape(2, 2),
                    "failed in fin()", "barrier() called in fin()", "end start() with barrier()"),
            // The node waited for ever: init() runs on one thread per node, and no other thread came.
            new Misuse("barrier() in init()", BarrierInInitJob.class, new Shape(2, 2),
                    "failed in init()", "barrier() called outside start()", "once every node has finished init()"),
            // The job's exception cannot describe itself: the node failed all the same (it passed for finished).
            new Misuse("an exception whose getMessage() throws", UnprintableExceptionJob.class, TWO_NODES,
                    "node 1 failed in start()", UnprintableExceptionJob.Unprintable.class.getName(), "toString() threw"),
            new Misuse("an exception whose causes form a loop", CircularCauseJob.class, TWO_NODES,
                    "node 1 failed in start()", "loop a", "caused by java.lang.IllegalStateException: loop b",
                    "circular reference"),
            new Misuse("a static initializer that throws", FailingStaticInitJob.class, TWO_NODES,
                    // Both nodes run in one JVM: the second sees only NoClassDefFoundError, the first the cause.
                    "static initializer of " + FailingStaticInitJob.class.getName()));

    static Stream<Arguments> misuses() {
        return Suite.protocols().stream().flatMap(protocol -> MISUSES.stream().map(m -> Arguments.of(protocol, m)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("misuses")
    @Timeout(30)
    void misuseFailsTheJobNamingTheCulprit(String protocol, Misuse misuse) {
        assertMentions(Jobs.failure(misuse.job(), protocol, misuse.shape()), misuse.mentions());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(30)
    void nodeThrowingInStartStopsEveryNode(String protocol) {
        ThrowingNodeJob.stopped.clear();
        assertMentions(Jobs.failure(ThrowingNodeJob.class, protocol, new Shape(3, 1)),
                "node 2 failed in start()", "IllegalStateException", "rank 2 gives up");
        // Nodes 0 and 1 were waiting for a lock and a block that node 2 held: both must have been woken.
        assertEquals(Set.of(0, 1), ThrowingNodeJob.stopped);
    }

    /** A job sharing {@code data}: 8 longs in blocks of 4. */
    public abstract static class EightLongs extends Spmd {
        protected long[] data;

        @Override
        public void init() {
            data = pool.register(new long[8], 4);
        }
    }

    /** Calls register from start(). */
    public static final class RegisterInStartJob extends Spmd {
        @Override
        public void start() {
            pool.register(new int[4], 2);
        }
    }

    /** Node 1 registers its second object with a different length. */
    public static final class MismatchedRegistrationJob extends Spmd {
        @Override
        public void init() {
            pool.register(new int[4], 2);
            pool.register(new long[myNode() == 1 ? 9 : 8], 4);
        }

        @Override
        public void start() {
        }
    }

    /** Shares an object with a field Kryo cannot serialize. */
    public static final class UnserializableJob extends Spmd {
        /** A user class holding a thread. */
        public static final class HoldsThread {
            Thread worker = new Thread(() -> { });
        }

        @Override
        public void init() {
            pool.register(new HoldsThread());
        }

        @Override
        public void start() {
        }
    }

    /** Calls barrier() in fin(), hoping to read the other nodes' writes there. */
    public static final class BarrierInFinJob extends EightLongs {
        @Override
        public void start() {
            pool.acquire(data, myThread());
            data[myThread()]++;
            pool.release(data, myThread());
        }

        @Override
        public void fin() {
            barrier();
        }
    }

    /** Calls {@code barrier()} in {@code init()}, as if registrations needed one. */
    public static final class BarrierInInitJob extends EightLongs {
        @Override
        public void init() {
            super.init();
            barrier();
        }

        @Override
        public void start() {
        }
    }

    /** Shares an object whose field is an empty {@code Collections.synchronizedList}; adds to it on node 1, reads it on node 0. */
    public static final class WrapperFieldJob extends Spmd {
        /** A log of lines. */
        public static final class Log {
            List<String> lines = Collections.synchronizedList(new ArrayList<>());
        }

        private Log log;

        @Override
        public void init() {
            log = pool.register(new Log());
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                pool.acquire(log);
                log.lines.add("from node 1");
                pool.release(log);
            }
            barrier();
            pool.update(log);
            Check.equal(1, log.lines.size(), () -> "lines");
        }
    }

    /** Registers a matrix whole (one row per block), then one of its rows on its own. */
    public static final class RowTwiceJob extends Spmd {
        @Override
        public void init() {
            double[][] matrix = pool.register(new double[4][8], 1);
            pool.register(matrix[1], 8);
        }

        @Override
        public void start() {
        }
    }

    /** Registers a record, whose final fields a fetch could not install; writes its array in place. */
    public static final class RecordJob extends Spmd {
        /** A record with a mutable component. */
        public record Holder(long[] counts) {
        }

        private Holder holder;

        @Override
        public void init() {
            holder = pool.register(new Holder(new long[4]));
        }

        @Override
        public void start() {
            pool.acquire(holder);
            holder.counts()[0]++;
            pool.release(holder);
        }
    }

    public static final class OwnEncodingJob extends Spmd {
        /** A class whose own encoding carries its state, kept in a transient field. */
        public static final class Packed implements com.esotericsoftware.kryo.KryoSerializable {
            transient long[] counts = new long[2];

            @Override
            public void write(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Output output) {
                output.writeLongs(counts, 0, counts.length);
            }

            @Override
            public void read(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Input input) {
                counts = input.readLongs(2);
            }
        }

        private Packed packed;

        @Override
        public void init() {
            packed = pool.register(new Packed());
        }

        @Override
        public void start() {
            pool.acquire(packed);
            packed.counts[0]++;
            pool.release(packed);
        }
    }

    /** Registers a JDK list itself, rather than an object of its own class holding it. */
    public static final class JdkListJob extends Spmd {
        private ArrayList<Long> list;

        @Override
        public void init() {
            list = pool.register(new ArrayList<>());
        }

        @Override
        public void start() {
            pool.acquire(list);
            list.add((long) myNode());
            pool.release(list);
        }
    }

    /** Registers a JDK list with a block length, as if it were an array. */
    public static final class JdkListWithBlockLengthJob extends Spmd {
        @Override
        public void init() {
            pool.register(new ArrayList<>(List.of(1L, 2L, 3L, 4L)), 2);
        }

        @Override
        public void start() {
        }
    }

    /** Node 1 stores a value that cannot travel into a shared object homed on node 0, which reads it. */
    public static final class LateUnshareableJob extends Spmd {
        /** Its field is null when registered, so registration passes. */
        public static final class Holder {
            Object payload;
        }

        private Holder holder;

        @Override
        public void init() {
            holder = pool.register(new Holder());
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                pool.acquire(holder);
                holder.payload = new java.util.Random();
                pool.release(holder);
            }
            barrier();
            pool.update(holder);
        }
    }

    /** Registers a JDK atomic itself. */
    public static final class JdkAtomicJob extends Spmd {
        private AtomicLong total;

        @Override
        public void init() {
            total = pool.register(new AtomicLong());
        }

        @Override
        public void start() {
            pool.acquire(total);
            total.incrementAndGet();
            pool.release(total);
        }
    }

    /** Registers an object of a class of its own that extends a JDK list. */
    public static final class ExtendsJdkListJob extends Spmd {
        /** A list with a count of its own. */
        public static final class Tally extends ArrayList<Long> {
            long count;
        }

        private Tally tally;

        @Override
        public void init() {
            tally = pool.register(new Tally());
        }

        @Override
        public void start() {
            pool.acquire(tally);
            tally.count++;
            pool.release(tally);
        }
    }

    /** Node 1 throws, last thing in start(), an exception whose getMessage() (so toString()) throws. */
    public static final class UnprintableExceptionJob extends Spmd {
        /** Its message depends on state it does not have. */
        public static final class Unprintable extends RuntimeException {
            @Override
            public String getMessage() {
                throw new NullPointerException("no message");
            }
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                throw new Unprintable();
            }
        }
    }

    /** Node 1 throws, last thing in start(), an exception that is its own cause's cause. */
    public static final class CircularCauseJob extends Spmd {
        @Override
        public void start() {
            if (myNode() == 1) {
                IllegalStateException a = new IllegalStateException("loop a");
                a.initCause(new IllegalStateException("loop b", a));
                throw a;
            }
        }
    }

    /** A job class whose static initializer throws. */
    public static final class FailingStaticInitJob extends Spmd {
        static final int ZERO = Integer.parseInt("0");
        static final int BROKEN = 1 / ZERO;

        @Override
        public void start() {
        }
    }

    /** Reads one past the end. */
    public static final class IndexOutOfRangeJob extends EightLongs {
        @Override
        public void start() {
            pool.update(data, data.length);
        }
    }

    /** Reads a range that runs past the end. */
    public static final class RangeOutOfRangeJob extends EightLongs {
        @Override
        public void start() {
            pool.update(data, 4, 12);
        }
    }

    /** Acquires a range given the wrong way round. */
    public static final class ReversedRangeJob extends EightLongs {
        @Override
        public void start() {
            pool.acquire(data, 5, 3);
        }
    }

    /** Releases a block it never acquired. */
    public static final class ReleaseWithoutAcquireJob extends EightLongs {
        @Override
        public void start() {
            pool.release(data, 5);
        }
    }

    /** Thread 0 holds lock "guarded"; thread 1 (same node) tries to unlock it. */
    public static final class UnlockByNonHolderJob extends Spmd {
        @Override
        public void start() {
            if (myThread() == 0) {
                pool.lock("guarded");
            }
            barrier();
            if (myThread() == 1) {
                pool.unlock("guarded");
            }
            barrier();
        }
    }

    /** Node 1 returns from start() holding lock "kept". */
    public static final class KeepsLockJob extends Spmd {
        @Override
        public void start() {
            if (myNode() == 1) {
                pool.lock("kept");
            }
        }
    }

    /** Node 1 returns from start() with block 1 acquired. */
    public static final class KeepsBlockJob extends EightLongs {
        @Override
        public void start() {
            if (myNode() == 1) {
                pool.acquire(data, 5);
            }
        }
    }

    /**
     * Node 1 starts acquiring block 0 and returns without touching the future, while node 0 still
     * holds the block for a moment (so the acquire is surely pending when start() returns).
     */
    public static final class KeepsAsyncBlockJob extends EightLongs {
        @Override
        public void start() {
            if (myNode() == 0) {
                pool.acquire(data, 0);
            }
            barrier();
            if (myNode() == 1) {
                pool.acquireAsync(data, 0);
                return;
            }
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool.release(data, 0);
        }
    }

    /** Thread 1 returns at once while thread 0 (same node) calls barrier(). */
    public static final class SiblingSkipsBarrierJob extends Spmd {
        @Override
        public void start() {
            if (myThread() == 0) {
                barrier();
            }
        }
    }

    /** All nodes pass two barriers; then node 2 returns while the others call a third. */
    public static final class NodeSkipsBarrierJob extends Spmd {
        @Override
        public void start() {
            barrier();
            barrier();
            if (myNode() != 2) {
                barrier();
            }
        }
    }

    /**
     * Node 2 takes a lock and a block and then throws; nodes 0 and 1 wait for that lock and that
     * block and must be woken by the abort (they record that they were).
     */
    public static final class ThrowingNodeJob extends EightLongs {
        static final Set<Integer> stopped = ConcurrentHashMap.newKeySet();

        @Override
        public void start() {
            if (myNode() == 2) {
                pool.lock("held");
                pool.acquire(data, 0);
                barrier();
                // Give the others time to block on the lock and the block (the abort may also catch
                // them still in the barrier, which is fine: they must be stopped wherever they wait).
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
                throw new IllegalStateException("rank 2 gives up");
            }
            try {
                barrier();
                if (myNode() == 0) {
                    pool.lock("held");
                } else {
                    pool.acquire(data, 0);
                }
            } catch (JobAbortedException e) {
                stopped.add(myNode());
                throw e;
            }
        }
    }
}

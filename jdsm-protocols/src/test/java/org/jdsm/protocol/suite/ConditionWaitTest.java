package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdsm.DsmException;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Job-wide condition waits ({@code pool.await}, {@code pool.signalAll}): threads of every node wait
 * for a state that threads of other nodes make under the same lock. A lost wake-up hangs a job (the
 * time-out fails it); a lost or doubled update breaks its final counts.
 */
class ConditionWaitTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void turnsPassAroundEveryThreadInOrder(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, TurnTaking.class, protocol, shape, List.of(arg("rounds", comm.equals("chaos") ? 8 : 25), arg("seed", 3)));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void aBoundedBufferHandsEveryItemToExactlyOneConsumer(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, BoundedBuffer.class, protocol, shape, List.of(arg("items", comm.equals("chaos") ? 12 : 40), arg("seed", 5)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(60)
    void timedWaitsEndAndNestedHoldsSurviveAWait(String protocol, Shape shape) {
        Jobs.run(TimedAndNested.class, protocol, shape);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(30)
    void waitingOrSignallingWithoutTheLockIsRefused(String protocol) {
        String awaited = Jobs.failure(AwaitWithoutLock.class, protocol, new Shape(2, 1));
        assertTrue(awaited.contains("await(\"free\"): this thread does not hold the lock"), awaited);
        String signalled = Jobs.failure(SignalWithoutLock.class, protocol, new Shape(2, 1));
        assertTrue(signalled.contains("signalAll(long[4])"), signalled);
        assertTrue(signalled.contains("this thread does not hold the lock"), signalled);
    }

    /**
     * A newcomer's consumer took the queue's block with acquire and then waited on the queue's
     * lock: the producer could never take the block to add an item, and both waited silently for
     * ever. Waiting while holding a block (also one an untouched acquireAsync is taking) is refused.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(30)
    void waitingWhileHoldingABlockIsRefused(String protocol) {
        String held = Jobs.failure(AwaitHoldingBlock.class, protocol, new Shape(2, 1));
        assertTrue(held.contains("AwaitHoldingBlock$Queue): this thread still holds shared object #0"), held);
        assertTrue(held.contains("release it before waiting"), held);
        String pending = Jobs.failure(AwaitHoldingBlock.class, protocol, new Shape(2, 1), arg("async", 1));
        assertTrue(pending.contains("this thread still holds block 1 of shared object #1"), pending);
    }

    /**
     * An interrupted {@code await} threw having let go of its lock, so the caller's
     * {@code finally { unlock }} failed the job with "unlock("x"): this thread does not hold the
     * lock", hiding the interrupt (every run, lrc and sc).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void anInterruptedAwaitThrowsHoldingTheLockAsDeeplyAsBefore(String protocol) {
        Jobs.run(InterruptedAwait.class, protocol, new Shape(2, 2));
    }

    /**
     * A thread interrupted while it waited to take its lock again after a wake-up, or to take a lock
     * at all, threw with the lock request left behind: granted later to no thread, the lock was
     * held by nobody for ever, and the job hung at the next lock (lrc and sc: 3 of 3 runs each).
     * The same for a block that acquire waited for.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void anInterruptWhileALockIsTakenDoesNotStopIt(String protocol) {
        Jobs.run(InterruptedWhileTakingLock.class, protocol, new Shape(2, 1));
    }

    /**
     * The threads take turns in thread order, each waiting under one named lock until the shared
     * turn counter names it, then counting a pass and signalling. Every thread checks that the
     * counter it sees under the lock is the next pass of its own turn; at the end all passes count.
     */
    public static final class TurnTaking extends Spmd {
        private long[] state; // [0]: passes made so far; the thread whose turn it is: passes % threads()
        private int rounds;

        @Override
        public void init() {
            rounds = JobArgs.of(this).integer("rounds", 10);
            state = pool.register(new long[2], 2);
        }

        @Override
        public void start() {
            Random pauses = JobArgs.of(this).pauses(myThread());
            for (int r = 0; r < rounds; r++) {
                long mine = (long) r * threads() + myThread();
                pool.lock("turn");
                pool.update(state);
                while (state[0] % threads() != myThread()) {
                    pool.await("turn");
                    pool.update(state);
                }
                long seen = state[0];
                Check.equal(mine, seen, () -> "the pass under the lock when thread " + myThread() + " had its turn");
                pool.acquire(state);
                state[0] = seen + 1;
                state[1] += myThread() + 1;
                pool.release(state);
                pool.signalAll("turn");
                pool.unlock("turn");
                if (pauses.nextInt(4) == 0) {
                    Thread.yield();
                }
            }
            barrier();
            pool.update(state);
            Check.equal((long) rounds * threads(), state[0], () -> "passes after the barrier");
            Check.equal((long) rounds * threads() * (threads() + 1) / 2, state[1], () -> "sum of the passers after the barrier");
        }
    }

    /**
     * Producers (even threads) put unique items into a shared ring of two slots, consumers (odd
     * threads) take them; both wait on the lock of the buffer object while it is full or empty.
     * With one thread, it puts and takes in turn. Consumers record how many items they took, their
     * sum and their sum of squares; after a barrier those must match what was produced.
     */
    public static final class BoundedBuffer extends Spmd {

        /** The buffer: a single shared object. */
        public static final class Ring {
            long[] slots = new long[2];
            int count;
            int head;
            long taken;
        }

        private Ring ring;
        private long[] tally; // per thread: [count, sum, sum of squares]
        private int items;

        @Override
        public void init() {
            items = JobArgs.of(this).integer("items", 20);
            ring = pool.register(new Ring());
            tally = pool.register(new long[3 * threads()], 3);
        }

        private boolean producer(int thread) {
            return threads() == 1 || thread % 2 == 0;
        }

        private boolean consumer(int thread) {
            return threads() == 1 || thread % 2 == 1;
        }

        private int producers() {
            int n = 0;
            for (int t = 0; t < threads(); t++) {
                n += producer(t) ? 1 : 0;
            }
            return n;
        }

        @Override
        public void start() {
            Random pauses = JobArgs.of(this).pauses(myThread());
            long total = (long) producers() * items;
            long count = 0;
            long sum = 0;
            long squares = 0;
            int made = 0;
            boolean draining = consumer(myThread());
            while (made < (producer(myThread()) ? items : 0) || draining) {
                if (made < (producer(myThread()) ? items : 0)) {
                    put(item(myThread(), made++));
                }
                if (draining) {
                    long item = take();
                    if (item < 0) {
                        draining = false;
                    } else {
                        count++;
                        sum += item;
                        squares += item * item;
                    }
                }
                if (pauses.nextInt(3) == 0) {
                    Thread.yield();
                }
                if (threads() == 1 && count == total) {
                    draining = false;
                }
            }
            int at = 3 * myThread();
            pool.acquire(tally, at, at + 3);
            tally[at] = count;
            tally[at + 1] = sum;
            tally[at + 2] = squares;
            pool.release(tally, at, at + 3);
            barrier();
            pool.update(tally);
            long allCount = 0;
            long allSum = 0;
            long allSquares = 0;
            for (int t = 0; t < threads(); t++) {
                allCount += tally[3 * t];
                allSum += tally[3 * t + 1];
                allSquares += tally[3 * t + 2];
            }
            long wantSum = 0;
            long wantSquares = 0;
            for (int t = 0; t < threads(); t++) {
                for (int k = 0; producer(t) && k < items; k++) {
                    wantSum += item(t, k);
                    wantSquares += item(t, k) * item(t, k);
                }
            }
            Check.equal(total, allCount, () -> "items taken");
            Check.equal(wantSum, allSum, () -> "sum of the items taken");
            Check.equal(wantSquares, allSquares, () -> "sum of squares of the items taken");
        }

        private static long item(int thread, int k) {
            return 1000L * thread + k + 1;
        }

        private void put(long item) {
            pool.lock(ring);
            pool.update(ring);
            while (ring.count == ring.slots.length) {
                pool.await(ring);
                pool.update(ring);
            }
            pool.acquire(ring);
            ring.slots[(ring.head + ring.count) % ring.slots.length] = item;
            ring.count++;
            pool.release(ring);
            pool.signalAll(ring);
            pool.unlock(ring);
        }

        /** The next item, or -1 once every item has been taken. */
        private long take() {
            long total = (long) producers() * items;
            pool.lock(ring);
            try {
                pool.update(ring);
                while (ring.count == 0 && ring.taken < total) {
                    if (threads() == 1) {
                        return -1; // one thread: it puts again before it takes
                    }
                    pool.await(ring);
                    pool.update(ring);
                }
                if (ring.count == 0) {
                    return -1;
                }
                pool.acquire(ring);
                long item = ring.slots[ring.head];
                ring.head = (ring.head + 1) % ring.slots.length;
                ring.count--;
                ring.taken++;
                pool.release(ring);
                pool.signalAll(ring); // producers wait for room, and the last take ends every consumer's wait
                return item;
            } finally {
                pool.unlock(ring);
            }
        }
    }

    /**
     * A wait with nobody to signal ends when its time runs out, holding the lock again as deeply as
     * before (the unlocks after it balance); a signal with nobody waiting wakes no one; a wait
     * signalled by another node's thread returns true.
     */
    public static final class TimedAndNested extends Spmd {
        private SignalledFlag flag;

        @Override
        public void init() {
            flag = new SignalledFlag(pool);
        }

        @Override
        public void start() {
            String mine = "alone-" + myThread();
            pool.lock(mine);
            pool.lock(mine);
            pool.signalAll(mine);
            long began = System.nanoTime();
            boolean woken = pool.await(mine, 30);
            long tookMillis = (System.nanoTime() - began) / 1_000_000;
            Check.that(!woken, () -> "a wait nobody signalled returned true");
            Check.that(tookMillis >= 25, () -> "a 30 ms wait ended after " + tookMillis + " ms");
            pool.unlock(mine);
            pool.unlock(mine);
            barrier();
            if (threads() < 2) {
                return;
            }
            // Thread 0 waits for a flag that the last thread sets and signals.
            if (myThread() == 0) {
                pool.lock("flag");
                Check.that(flag.awaitRaised("flag", 20_000), () -> "thread 0 saw the flag set after waits that all ran out of time");
                pool.unlock("flag");
            } else if (myThread() == threads() - 1) {
                sleep(50); // so that thread 0 is likely waiting already
                pool.lock("flag");
                flag.raise("flag");
                pool.unlock("flag");
            }
            barrier();
        }
    }

    /**
     * Thread 0 holds lock "x" twice and waits on it, interrupted first before the wait and then by
     * a thread of its own during it: each wait must throw with the interrupt as its cause, the thread
     * still interrupted and holding the lock twice (two unlocks balance). Then every thread counts
     * under the lock, which must be free for them.
     */
    public static final class InterruptedAwait extends Spmd {
        private long[] count;

        @Override
        public void init() {
            count = pool.register(new long[1], 1);
        }

        @Override
        public void start() {
            if (myThread() == 0) {
                Thread waiter = Thread.currentThread();
                awaitUntilInterrupted("interrupted before await", waiter::interrupt);
                awaitUntilInterrupted("interrupted in await", () -> new Thread(() -> {
                    sleep(100);
                    waiter.interrupt();
                }).start());
            }
            pool.lock("x");
            pool.acquire(count);
            count[0]++;
            pool.release(count);
            pool.unlock("x");
            barrier();
            pool.update(count);
            Check.equal(threads(), count[0], () -> "counts under the lock after the barrier");
        }

        /** Takes the lock twice, then runs {@code interrupt} (once the lock is held: taking it may wait) and waits. */
        private void awaitUntilInterrupted(String what, Runnable interrupt) {
            pool.lock("x");
            pool.lock("x");
            try {
                interrupt.run();
                pool.await("x", 10_000);
                Check.that(false, () -> what + ": await returned");
            } catch (DsmException e) {
                Check.that(e.getCause() instanceof InterruptedException, () -> what + ": threw " + e);
                Check.that(Thread.interrupted(), () -> what + ": no longer interrupted after it threw");
            } finally {
                pool.unlock("x"); // each throws unless the lock is held as deeply as before
                pool.unlock("x");
            }
        }
    }

    /**
     * Node 1 holds lock "x" for a while after it set a flag and signalled node 0, which waits for
     * the flag and is interrupted while it waits to take "x" again; then node 1 holds "y" while node
     * 0, interrupted meanwhile, takes it; then node 1 holds an acquired block while node 0,
     * interrupted meanwhile, acquires it. Each time node 0 must go on holding the lock or block,
     * still interrupted, and both locks and the block must be free for every thread after it. An
     * interrupted thread's update then fetches the block all the same.
     */
    public static final class InterruptedWhileTakingLock extends Spmd {
        /**
         * The last phase in which node 1 holds what node 0 then waits for. The nodes share this JVM
         * (local and chaos comms): with a sleep instead, node 1 on a loaded machine took it after
         * node 0, whose interrupt then came with nothing to wait for.
         */
        private static final AtomicInteger NODE_1_HOLDS = new AtomicInteger();
        private SignalledFlag flag;
        private long[] block;

        @Override
        public void init() {
            flag = new SignalledFlag(pool);
            block = pool.register(new long[2], 2);
        }

        @Override
        public void start() {
            if (myNode() == 0) {
                NODE_1_HOLDS.set(0); // a run before this one in the JVM left its last phase
            }
            barrier();
            if (myNode() == 0) {
                pool.lock("x");
                interruptIn(400);
                flag.awaitRaised("x", 10_000);
                Check.that(Thread.interrupted(), () -> "the interrupt while await took the lock again was lost");
                pool.unlock("x");
            } else {
                sleep(100);
                pool.lock("x");
                flag.raise("x");
                sleep(600);
                pool.unlock("x");
            }
            barrier();
            if (myNode() == 0) {
                awaitNode1Holds(1);
                interruptIn(200);
                pool.lock("y");
                Check.that(Thread.interrupted(), () -> "the interrupt while lock(\"y\") waited was lost");
                pool.unlock("y");
            } else {
                pool.lock("y");
                NODE_1_HOLDS.set(1);
                sleep(500);
                pool.unlock("y");
            }
            barrier();
            if (myNode() == 0) {
                awaitNode1Holds(2);
                interruptIn(200);
                pool.acquire(block);
                Check.that(Thread.interrupted(), () -> "the interrupt while acquire(block) waited was lost");
                block[0]++;
                pool.release(block);
            } else {
                pool.acquire(block);
                NODE_1_HOLDS.set(2);
                sleep(500);
                block[0]++;
                pool.release(block);
            }
            barrier();
            pool.lock("x");
            pool.lock("y");
            pool.unlock("y");
            pool.unlock("x");
            pool.acquire(block);
            block[1]++;
            pool.release(block);
            barrier();
            Thread.currentThread().interrupt(); // the fetch of node 1 (node 0 is home) must not be ended by it
            pool.update(block);
            Check.that(Thread.interrupted(), () -> "the interrupt while update(block) fetched was lost");
            Check.that(block[0] == 2 && block[1] == threads(), () -> "block counts " + block[0] + ", " + block[1]);
            barrier();
        }

        /** Waits (bounded) until node 1 holds what it takes in {@code phase}. */
        private static void awaitNode1Holds(int phase) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (NODE_1_HOLDS.get() < phase) {
                Check.that(System.nanoTime() - deadline < 0, () -> "node 1 did not take its lock of phase " + phase + " within 30 s");
                sleep(1);
            }
        }

        /** Interrupts the calling thread {@code millis} ms from now, from a thread of its own. */
        private static void interruptIn(long millis) {
            Thread target = Thread.currentThread();
            new Thread(() -> {
                sleep(millis);
                target.interrupt();
            }).start();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits on a named lock it never took. */
    public static final class AwaitWithoutLock extends Spmd {
        @Override
        public void start() {
            if (myNode() == 1) {
                pool.await("free");
            }
        }
    }

    /**
     * Node 1 takes the queue's block (or, with async, a block of another array through an untouched
     * acquireAsync) and then waits on the queue's lock.
     */
    public static final class AwaitHoldingBlock extends Spmd {
        /** A one-field shared object, so that the error names its class. */
        public static final class Queue {
            public long count;
        }

        private Queue queue;
        private long[] other;

        @Override
        public void init() {
            queue = pool.register(new Queue());
            other = pool.register(new long[4], 2);
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                pool.lock(queue);
                if (JobArgs.of(this).integer("async", 0) == 1) {
                    pool.acquireAsync(other, 3);
                } else {
                    pool.acquire(queue);
                }
                pool.await(queue);
            }
        }
    }

    /** Signals a shared object's lock without holding it. */
    public static final class SignalWithoutLock extends Spmd {
        private long[] data;

        @Override
        public void init() {
            data = pool.register(new long[4], 2);
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                pool.signalAll(data);
            }
        }
    }
}

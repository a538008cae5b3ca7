package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.jdsm.LockIds;
import org.jdsm.Spmd;
import org.jdsm.protocol.lrc.LockQueue;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A release that fails part way (a value that refuses to be copied for the writes it publishes)
 * and is caught must not hang the job: the node's other threads and the other nodes waited for
 * ever for the lock or block it never let go of, or for what it never sent. The node cannot go on:
 * its next synchronization must stop the job, naming the release that failed and the cause.
 */
class CaughtReleaseFailureTest {

    /** The synchronization that fails, and the names the error may give the release that failed in it. */
    enum Failing {
        RELEASE("release", "release of block 0 of shared object #0"),
        // sc writes the instrumented write back as the synchronization begins; lrc publishes it later in it.
        UNLOCK("unlock", "unlock(\"L\")", "written by instrumented code"),
        BARRIER("barrier", "barrier()", "written by instrumented code"),
        AWAIT("await", "await(\"L\")", "written by instrumented code");

        final String sync;
        final List<String> releases;

        Failing(String sync, String... releases) {
            this.sync = sync;
            this.releases = List.of(releases);
        }
    }

    /** Every protocol over local and chaos, each synchronization failing, then a barrier or the end of start(). */
    static Stream<Arguments> runs() {
        return Suite.protocols().stream().flatMap(protocol -> Stream.of("local", "chaos").flatMap(comm -> Stream.of(Failing.values())
                .flatMap(failing -> Stream.of("barrier", "return").map(then -> Arguments.of(protocol, comm, failing, then)))));
    }

    @ParameterizedTest(name = "{0} over {1}: {2}, then {3}")
    @MethodSource("runs")
    @Timeout(30)
    void aNodeThatCaughtAFailedReleaseStopsTheJob(String protocol, String comm, Failing failing, String then) {
        AssertionError failed = assertThrows(AssertionError.class, () -> Jobs.runOver(comm, CatchesAFailedRelease.class,
                protocol, new Shape(2, 2), List.of("sync=" + failing.sync, "then=" + then)));
        String message = String.valueOf(failed.getMessage());
        assertTrue(message.contains("node 1 failed in start()"), message);
        assertTrue(message.contains("this node cannot go on: an earlier release failed part way ("), message);
        assertTrue(failing.releases.stream().anyMatch(message::contains), () -> "names none of " + failing.releases + ": " + message);
        assertTrue(message.contains("refuses to be decoded"), message);
    }

    /**
     * Node 1's first thread holds a lock or a block (homed on node 0) that the others wait for, and
     * writes a value that refuses to be copied into a single shared object; the release that
     * publishes it fails, and the thread catches that and goes on, as every thread then does, to a
     * barrier, or to the end of {@code start()} (argument {@code then}).
     */
    public static final class CatchesAFailedRelease extends Spmd {
        /** A single shared object (homed on node 0): sc copies it whole to write it back, lrc copies the value to diff it. */
        public static final class Box {
            Poison poison = new Poison();
        }

        private Box box;

        @Override
        public void init() {
            Poison.everywhere = false;
            box = pool.register(new Box());
        }

        @Override
        public void start() {
            boolean failer = myNode() == 1 && myThread() == threadsPerNode();
            JobArgs args = JobArgs.of(this);
            switch (args.text("sync", "")) {
                case "release" -> releaseFails(failer);
                case "unlock" -> unlockFails(failer, () -> pool.unlock("L"));
                case "await" -> unlockFails(failer, () -> pool.await("L", 1));
                case "barrier" -> barrierFails(failer);
                default -> throw new IllegalArgumentException("sync=" + args.text("sync", ""));
            }
            if (!args.text("then", "").equals("return")) {
                barrier();
            }
        }

        /** The others acquire the box, which the failer holds; its release fails. */
        private void releaseFails(boolean failer) {
            if (failer) {
                pool.acquire(box);
            }
            barrier();
            if (failer) {
                box.poison.value = 13;
                LockQueue.awaitNextNode(pool, LockIds.block(pool.sharedObject(box).key(), 0));
                catchFailure(() -> pool.release(box));
            } else {
                pool.acquire(box);
                pool.release(box);
            }
        }

        /**
         * The others take lock L, which the failer holds; it wrote the box without acquiring it, and
         * {@code letGo} (an unlock, or a condition wait) fails.
         */
        private void unlockFails(boolean failer, Runnable letGo) {
            if (failer) {
                pool.lock("L");
            }
            barrier();
            if (failer) {
                pool.writeCheck(box); // as instrumented code does: published at the thread's next synchronization
                box.poison.value = 13;
                LockQueue.awaitNextNode(pool, LockIds.named("L"));
                catchFailure(letGo);
            } else {
                pool.lock("L");
                pool.unlock("L");
            }
        }

        /** The failer wrote the box without acquiring it; the barrier fails, on any thread of node 1 (lrc runs its part on the last). */
        private void barrierFails(boolean failer) {
            barrier();
            if (failer) {
                pool.writeCheck(box);
                box.poison.value = 13;
            }
            if (myNode() == 1) {
                catchFailure(this::barrier);
            } else {
                barrier();
            }
        }

        private static void catchFailure(Runnable sync) {
            Poison.catchRefusal(sync, "the synchronization did not fail on the value that refuses to be copied");
        }
    }
}

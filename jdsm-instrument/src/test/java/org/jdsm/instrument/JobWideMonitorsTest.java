package org.jdsm.instrument;


import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Monitors that are not shared objects but that the program means as one object for the whole
 * job, run instrumented on 2 nodes x 2 threads: a static lock object, a class's monitor (static
 * synchronized methods), a lock object in a field of the job, the elements of an array of lock
 * objects held in either (lock striping). Each program adds every thread's
 * contribution to totals under its monitor and checks them exactly after a barrier; without a
 * job-wide lock LRC loses other nodes' updates.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JobWideMonitorsTest {

    private static final int NODES = 2;
    private static final int THREADS = 2;
    private static final String ROUNDS = "30";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void reductionUnderAStaticLockNestedAndLeftByExceptions(String protocol) {
        run("StaticLockPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void staticLockNamedThroughASubclassOrAnInterfaceIsOneLock(String protocol) {
        run("InheritedStaticLockPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void staticSynchronizedMethodsAndTheClassLiteralAreOneLock(String protocol) {
        run("StaticSynchronizedPlain", protocol);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void lockObjectInAFieldOfTheJob(String protocol) {
        run("JobFieldLockPlain", protocol);
    }

    /** Under SC a thread blocked at its node's monitor kept its written block from the lock's holder on the other node. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writesOutsideTheLockInTheSameBlockDoNotDeadlock(String protocol) {
        run("SlotsBesideLockedTotalPlain", protocol);
    }

    /**
     * The JVM took a synchronized method's monitor before any of its code ran, so under SC a
     * thread stopped there kept the block it had just written from the thread inside.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writesBeforeCallingSynchronizedMethodsInTheSameBlockDoNotDeadlock(String protocol) {
        run("SlotsBesideSynchronizedMethodsPlain", protocol);
    }

    /**
     * Plain {@code wait()}/{@code notifyAll()} on monitors that are JDSM locks wait job-wide: a
     * shared bounded buffer's synchronized methods, a static lock object and the job object's
     * monitor (before, each was refused with an error).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void waitAndNotifyOnJobWideMonitorsReachOtherNodes(String protocol) {
        Jobs.runInstrumentedToOk("BoundedBufferPlain", protocol, NODES, THREADS, "40");
        Jobs.runInstrumentedToOk("TurnsPlain", protocol, NODES, THREADS, "15");
    }

    /**
     * Several threads of a node waiting on one shared object's monitor: the first of them to leave
     * its wait took the monitor off the node's list of monitors to notify while the others still
     * slept on it, so their wake-ups came only with the 100 ms re-check (2x3 and 1x4: 35-50 ms per
     * pass on every run, against under 2 ms).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void severalWaitersOfOneNodeOnOneMonitorAreAllWoken(String protocol) {
        Jobs.runInstrumentedToOk("ManyWaitersPerNodePlain", protocol, 2, 3, "20");
        Jobs.runInstrumentedToOk("ManyWaitersPerNodePlain", protocol, 1, 4, "20");
    }

    /**
     * An interrupted {@code wait()} on a shared object's monitor threw the pool's DsmException, not
     * InterruptedException, having let go of the JDSM lock, so leaving the synchronized block
     * failed the job with "unlock(...): this thread does not hold the lock" (every run).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anInterruptedWaitThrowsInterruptedExceptionHoldingTheMonitor(String protocol) {
        Jobs.runInstrumentedToOk("InterruptedWaitPlain", protocol, NODES, THREADS);
    }

    /**
     * Every wake-up comes from another node's thread, through a monitor held twice (a synchronized
     * block in a synchronized method), with timed and untimed waits and several waiters per node
     * (a shape the buffer and turns programs do not take).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void messagesBetweenNodesThroughNestedMonitorWaits(String protocol) {
        Jobs.runInstrumentedToOk("MailboxesPlain", protocol, NODES, THREADS, "25");
        Jobs.runInstrumentedToOk("MailboxesPlain", protocol, 4, 1, "15");
        Jobs.runInstrumentedToOk("MailboxesPlain", protocol, 3, 3, "10");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void elementsOfAnArrayOfLocksInAStaticFieldOrAFieldOfTheJob(String protocol) {
        run("StripedLocksPlain", protocol);
    }

    /**
     * A job-wide lock per index of a shared array (whose elements fetches replace) deadlocked with
     * the elements' own synchronized methods. Under SC the program still deadlocks: a private
     * monitor around instrumented writes of a shared block (jdsm-instrument README, Limits).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void elementsOfASharedArrayKeepPrivateMonitorsAndDoNotDeadlock(String protocol) {
        Jobs.runInstrumented("SharedElementMonitorPlain", protocol, NODES, THREADS);
        for (int t = 0; t < NODES * THREADS; t++) {
            Results.take("SharedElementMonitorPlain" + t);
        }
    }

    private static void run(String program, String protocol) {
        Jobs.runInstrumentedToOk(program, protocol, NODES, THREADS, ROUNDS);
    }
}

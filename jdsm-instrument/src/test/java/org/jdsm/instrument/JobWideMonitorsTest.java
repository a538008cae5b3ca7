package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.jdsm.DsmException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Monitors that are not shared objects but that the program means as one object for the whole
 * job, run instrumented on 2 nodes x 2 threads: a static lock object, a class's monitor (static
 * synchronized methods), a lock object in a field of the job. Each program adds every thread's
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

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void waitOnAStaticLockFailsNamingTheLockAndLine(String protocol) {
        DsmException e = assertThrows(DsmException.class,
                () -> Jobs.runInstrumented("WaitOnStaticLockPlain", protocol, NODES, THREADS));
        assertTrue(e.getMessage().contains("wait() on a java.lang.Object locked job-wide as "
                + "org.jdsm.instrument:static:org.jdsm.instrument.programs.WaitOnStaticLockPlain.LOCK at "
                + "org.jdsm.instrument.programs.WaitOnStaticLockPlain.start(WaitOnStaticLockPlain.java:17)"), e.getMessage());
    }

    private static void run(String program, String protocol) {
        Jobs.runInstrumentedToOk(program, protocol, NODES, THREADS, ROUNDS);
    }
}

package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The holder queries answer without the monitor: for the holder itself and for a helper's entry. */
class HolderMutexTest {

    @Test
    void reentrantHolderSeesItsDepthAndOthersAreKeptOut() {
        HolderMutex m = new HolderMutex();
        Object me = new Object();
        Object other = new Object();
        assertEquals(1, m.tryEnter(me));
        assertEquals(2, m.tryEnter(me));
        assertTrue(m.heldBy(me));
        assertFalse(m.outermost(me));
        assertFalse(m.heldBy(other));
        assertEquals(0, m.tryEnter(other));
        m.exit();
        assertTrue(m.outermost(me));
        m.exit();
        assertFalse(m.heldBy(me));
        assertEquals(1, m.tryEnter(other));
    }

    @Test
    void anEntryMadeOnAnotherThreadForTheHolderIsSeenOnceItsThreadIsDone() throws InterruptedException {
        HolderMutex m = new HolderMutex();
        Thread me = Thread.currentThread();
        for (int round = 0; round < 10_000; round++) {
            Thread helper = new Thread(() -> m.tryEnter(me)); // as acquireAsync does
            helper.start();
            helper.join();
            assertTrue(m.heldBy(me));
            assertTrue(m.outermost(me));
            m.exit();
            assertFalse(m.heldBy(me));
        }
    }

    @Test
    void anEntryForTheHolderMadeWhileItsOutermostExitIsUnderWayWaitsForTheExit() {
        HolderMutex m = new HolderMutex();
        Object me = new Object();
        assertEquals(1, m.tryEnter(me));
        m.ready();
        assertTrue(m.startLeaving(me));
        assertEquals(0, m.tryEnter(me), "an acquireAsync's entry must not join a release in progress");
        m.exit();
        assertEquals(1, m.tryEnter(me), "after the exit it takes the mutex afresh");
        assertEquals(2, m.tryEnter(me));
        assertFalse(m.startLeaving(me), "an inner exit gives nothing up");
        assertEquals(3, m.tryEnter(me), "and keeps the holder's entries joining");
    }
}

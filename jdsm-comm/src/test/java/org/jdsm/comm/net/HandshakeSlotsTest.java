package org.jdsm.comm.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class HandshakeSlotsTest {

    /** Stands for a socket: counts down when closed. */
    private static final class Connection implements AutoCloseable {
        final CountDownLatch closed = new CountDownLatch(1);

        @Override
        public void close() {
            closed.countDown();
        }

        boolean isClosed() {
            return closed.getCount() == 0;
        }
    }

    @Test
    void aNewConnectionCutsOffTheOldestThatSentNoHello() {
        try (HandshakeSlots slots = new HandshakeSlots("test-cutoff", 3, 60_000)) {
            Connection node = new Connection();
            Connection silent1 = new Connection();
            Connection silent2 = new Connection();
            HandshakeSlots.Slot nodeSlot = slots.admit(node);
            nodeSlot.hello();
            HandshakeSlots.Slot silent1Slot = slots.admit(silent1);
            slots.admit(silent2);

            slots.admit(new Connection());

            assertTrue(silent1.isClosed());
            assertEquals("cut off to make room: 3 connections were already authenticating", silent1Slot.cutOffReason());
            assertFalse(silent1Slot.authenticated());
            assertFalse(node.isClosed());
            assertTrue(nodeSlot.authenticated());
            assertNull(nodeSlot.cutOffReason());
        }
    }

    @Test
    void whenEveryoneSentAHelloTheOldestGoes() {
        try (HandshakeSlots slots = new HandshakeSlots("test-cutoff", 2, 60_000)) {
            Connection first = new Connection();
            Connection second = new Connection();
            slots.admit(first).hello();
            slots.admit(second).hello();

            slots.admit(new Connection());

            assertTrue(first.isClosed());
            assertFalse(second.isClosed());
        }
    }

    @Test
    void roomIsMadeOnlyOnceTheConnectionToCutOffHadItsGrace() throws Exception {
        long grace = TimeUnit.MILLISECONDS.toNanos(100);
        try (HandshakeSlots slots = new HandshakeSlots("test-cutoff", 2, 60_000)) {
            assertEquals(0, slots.nanosUntilRoom(grace), "a slot is free");
            slots.admit(new Connection());
            slots.admit(new Connection()).hello();
            long wait = slots.nanosUntilRoom(grace);
            assertTrue(wait > 0 && wait <= grace, "full, and the silent one is new: " + wait);
            Thread.sleep(150);
            assertEquals(0, slots.nanosUntilRoom(grace), "the silent one had its grace");
            assertEquals(0, slots.nanosUntilRoom(0));
        }
    }

    @Test
    void aConnectionIsCutOffWhenItsTimeIsUpUnlessItAuthenticated() throws Exception {
        try (HandshakeSlots slots = new HandshakeSlots("test-cutoff", 4, 200)) {
            Connection slow = new Connection();
            Connection quick = new Connection();
            HandshakeSlots.Slot slowSlot = slots.admit(slow);
            assertTrue(slots.admit(quick).authenticated());

            assertTrue(slow.closed.await(5, TimeUnit.SECONDS));
            assertEquals("no complete handshake within 200 ms", slowSlot.cutOffReason());
            Thread.sleep(300);
            assertFalse(quick.isClosed());
        }
    }

    @Test
    void closeCutsOffWhatIsPendingAndWhatComesLater() {
        Connection pending = new Connection();
        Connection late = new Connection();
        HandshakeSlots slots = new HandshakeSlots("test-cutoff", 4, 60_000);
        slots.admit(pending);
        slots.close();
        HandshakeSlots.Slot lateSlot = slots.admit(late);
        assertTrue(pending.isClosed());
        assertTrue(late.isClosed());
        assertEquals("the listener closed", lateSlot.cutOffReason());
    }

    @Test
    void aLentSchedulerCutsOffWhenTimeIsUpAndOutlivesTheSlots() throws Exception {
        ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
        try {
            Connection slow = new Connection();
            HandshakeSlots slots = new HandshakeSlots(loop, 4, 100);
            HandshakeSlots.Slot slot = slots.admit(slow);
            assertTrue(slow.closed.await(5, TimeUnit.SECONDS));
            assertEquals("no complete handshake within 100 ms", slot.cutOffReason());
            slots.close();
            assertFalse(loop.isShutdown(), "the lender's scheduler was shut down");
        } finally {
            loop.shutdownNow();
        }
    }
}

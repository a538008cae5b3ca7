package org.jdsm.protocol.sc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jdsm.TestSharedObjects;
import org.jdsm.protocol.sc.ScMessages.Invalidate;
import org.jdsm.protocol.sc.ScMessages.ReadGrant;
import org.jdsm.protocol.sc.ScMessages.WriteGrant;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The home directory of one block, driven message by message (node 0 is the home). */
@Timeout(10)
class HomeBlockTest {

    private record Sent(int node, Object message) {
    }

    private final long[] master = {1, 2, 3, 4};
    private final List<Sent> sent = new ArrayList<>();
    /** Messages go through the wire format, as Trans sends them: block content is read at the send. */
    private final WireFormat wire = new WireFormat(ScMessages.classes());
    private final HomeBlock home = new HomeBlock(TestSharedObjects.blocks(master, 4, 4), 0, 0,
            (node, message) -> sent.add(new Sent(node, wire.decode(wire.encode(message)))));

    private List<Sent> drain() {
        List<Sent> out = List.copyOf(sent);
        sent.clear();
        return out;
    }

    private static Sent invalidate(int node) {
        return new Sent(node, new Invalidate(0, 0));
    }

    @Test
    void writeIsGrantedOnlyAfterEveryOtherCopyAcknowledgedItsInvalidation() {
        home.readRequested(1);
        home.readRequested(2);
        assertEquals(2, drain().size());

        home.writeRequested(3);
        assertEquals(List.of(invalidate(1), invalidate(2)), drain());
        home.invalidationAcknowledged(1);
        assertEquals(List.of(), drain(), "granted before node 2 acknowledged");
        home.invalidationAcknowledged(2);
        List<Sent> grant = drain();
        assertEquals(1, grant.size());
        assertEquals(3, grant.get(0).node());
        assertArrayEquals(master, (long[]) ((WriteGrant) grant.get(0).message()).content());
    }

    @Test
    void readsWaitForTheOwnersWriteBackAndSeeIt() {
        home.writeRequested(1);
        drain();
        home.readRequested(2);
        CompletableFuture<Void> local = home.readLocal();
        assertEquals(List.of(), drain());
        assertFalse(local.isDone(), "the home's copy is stale while node 1 owns the block");

        home.writtenBack(1, new long[] {9, 8, 7, 6});
        assertArrayEquals(new long[] {9, 8, 7, 6}, master);
        List<Sent> grant = drain();
        assertEquals(1, grant.size());
        assertArrayEquals(master, (long[]) ((ReadGrant) grant.get(0).message()).content());
        assertTrue(local.isDone());
    }

    @Test
    void requestsAreServedInArrivalOrder() {
        home.writeRequested(1);
        home.writeRequested(2);
        home.readRequested(3);
        assertEquals(1, drain().size(), "only the first writer is served");

        home.writtenBack(1, new long[] {5, 5, 5, 5});
        assertEquals(List.of(invalidate(1)), drain(), "node 1 kept a read copy, which must go before node 2 writes");
        home.invalidationAcknowledged(1);
        List<Sent> grant = drain();
        assertEquals(2, grant.get(0).node());
        assertEquals(1, grant.size(), "node 3's read waits for node 2's release");

        home.writtenBack(2, new long[] {6, 6, 6, 6});
        assertEquals(3, drain().get(0).node());
    }

    @Test
    void writerWithACurrentCopyGetsOwnershipWithoutContent() {
        home.readRequested(1);
        drain();
        home.writeRequested(1);
        List<Sent> grant = drain();
        assertEquals(1, grant.size(), "no invalidation is sent to the writer itself");
        assertNull(((WriteGrant) grant.get(0).message()).content());
    }

    @Test
    void homeWriteWaitsForRemoteAcknowledgements() {
        home.readRequested(1);
        drain();
        CompletableFuture<Void> write = home.writeLocal();
        assertEquals(List.of(invalidate(1)), drain());
        assertFalse(write.isDone());
        home.invalidationAcknowledged(1);
        assertTrue(write.isDone());

        home.readRequested(2);
        assertEquals(List.of(), drain(), "a read waits while the home writes");
        home.releaseLocal();
        assertEquals(2, drain().get(0).node());
    }

    @Test
    void impossibleMessagesAreReportedNotIgnored() {
        home.writeRequested(1);
        assertThrows(IllegalStateException.class, () -> home.writtenBack(2, new long[4]));
        assertThrows(IllegalStateException.class, () -> home.invalidationAcknowledged(2));
        assertThrows(IllegalStateException.class, home::releaseLocal);
    }

    @Test
    void aHomeReadAskedWhileTheHomesWriteWaitsCompletesWithTheWriteGrant() {
        home.writeRequested(1);
        drain();
        CompletableFuture<Void> owned = home.writeLocal();
        CompletableFuture<Void> read = home.readLocal(); // acquireAsync, then updateAsync of the block
        home.readRequested(2); // queued behind the home's write: must not hold the home's read back
        assertFalse(read.isDone());
        home.writtenBack(1, new long[] {9, 9, 9, 9});
        assertEquals(List.of(invalidate(1)), drain(), "node 1 kept a read copy");
        assertFalse(read.isDone());
        home.invalidationAcknowledged(1);
        assertTrue(owned.isDone());
        assertTrue(read.isDone(), "the home's read waited for the home's own release");
        assertArrayEquals(new long[] {9, 9, 9, 9}, master);
    }
}

package org.jdsm.protocol.sc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jdsm.TestSharedObjects;
import org.jdsm.protocol.sc.ScMessages.InvalidateAck;
import org.jdsm.protocol.sc.ScMessages.ReadRequest;
import org.jdsm.protocol.sc.ScMessages.WriteBack;
import org.jdsm.runtime.DsmStats;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Node 1's copy of a block homed on node 0, driven message by message. */
@Timeout(10)
class CachedBlockTest {

    private final long[] local = new long[4];
    private final List<Object> toHome = new ArrayList<>();
    /** Messages go through the wire format, as Trans sends them: block content is read at the send. */
    private final WireFormat wire = new WireFormat(ScMessages.classes());
    private final CachedBlock copy = new CachedBlock(TestSharedObjects.blocks(local, 4, 2), 0, (node, message) -> {
        assertEquals(0, node, "everything goes to the home");
        toHome.add(wire.decode(wire.encode(message)));
    }, new DsmStats());

    @Test
    void concurrentReadersShareOneFetchAndSeeTheGrantedContent() {
        CompletableFuture<Void> first = copy.read();
        CompletableFuture<Void> second = copy.read();
        assertSame(first, second);
        assertEquals(List.of(new ReadRequest(0, 0)), toHome);

        copy.readGranted(new long[] {1, 2, 3, 4});
        assertTrue(first.isDone());
        assertArrayEquals(new long[] {1, 2, 3, 4}, local);
        assertTrue(copy.read().isDone(), "a current copy needs no message");
        assertEquals(1, toHome.size());
    }

    @Test
    void invalidationIsAcknowledgedAndTheNextReadFetchesAgain() {
        copy.read();
        copy.readGranted(new long[] {1, 2, 3, 4});
        copy.invalidate();
        assertEquals(new InvalidateAck(0, 0), toHome.get(1));
        assertFalse(copy.read().isDone());
        assertEquals(new ReadRequest(0, 0), toHome.get(2));
    }

    @Test
    void releaseWritesBackAndKeepsAReadCopy() {
        CompletableFuture<Void> owned = copy.write();
        copy.writeGranted(new long[] {1, 1, 1, 1});
        assertTrue(owned.isDone());
        local[2] = 42;
        copy.release();
        WriteBack back = (WriteBack) toHome.get(1);
        assertArrayEquals(new long[] {1, 1, 42, 1}, (long[]) back.content());
        assertTrue(copy.read().isDone());
    }

    @Test
    void impossibleMessagesAreReportedNotIgnored() {
        assertThrows(IllegalStateException.class, () -> copy.readGranted(new long[4]));
        assertThrows(IllegalStateException.class, () -> copy.writeGranted(new long[4]));
        assertThrows(IllegalStateException.class, copy::release);
        copy.write();
        copy.writeGranted(null);
        assertThrows(IllegalStateException.class, copy::invalidate, "an owner is never invalidated");
    }

    @Test
    void aReadAskedWhileThisNodesWriteRequestWaitsCompletesWithTheWriteGrant() {
        CompletableFuture<Void> owned = copy.write();
        CompletableFuture<Void> read = copy.read(); // acquireAsync, then updateAsync of the block
        assertEquals(1, toHome.size(), "no read request: it would wait at the home for this node's own release");
        copy.writeGranted(new long[] {5, 6, 7, 8});
        assertTrue(owned.isDone());
        assertTrue(read.isDone());
        assertArrayEquals(new long[] {5, 6, 7, 8}, local);
    }
}

package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/**
 * {@link SharedObject#mergeUnder}: a block takes what the master changed since the twin and keeps
 * what this node wrote since; the returned twin makes the next diff hold this node's writes alone.
 * Also a single object's diff, which must leave out fields whose content did not change.
 */
class MergeUnderTest {

    private final WireFormat wire = new WireFormat();

    /** An element class without a value equals. */
    static final class Cell {
        long value;

        Cell() {
        }

        Cell(long value) {
            this.value = value;
        }
    }

    @Test
    void primitiveBlockTakesTheMastersChangesAndKeepsLocalWrites() {
        long[] array = {0, 1, 2, 3, 4, 5, 6, 7};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 8, Distribution.BLOCK, wire);
        long[] twin = (long[]) so.snapshot(0);
        array[5] = 50; // this node's write
        long[] master = twin.clone();
        master[3] = 30; // the master's change
        Object newTwin = so.mergeUnder(0, master, twin);
        assertArrayEquals(new long[] {0, 1, 2, 30, 4, 50, 6, 7}, array);
        assertEquals(1, ((org.jdsm.content.ArrayDiff) so.diff(0, newTwin)).changedElements(), "the next diff: element 5 only");
    }

    @Test
    void objectBlockKeepsItsOwnInstancesWhereTheMasterSentEqualCopies() {
        Object[] array = new Object[8];
        for (int i = 0; i < array.length; i++) {
            array[i] = new Cell(i);
        }
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 8, Distribution.BLOCK, wire);
        Object[] before = array.clone();
        Object[] twin = (Object[]) so.snapshot(0);
        Object[] master = wire.copy(twin); // decoded from the wire: every element a new, unequal instance
        master[3] = new Cell(30);
        array[5] = new Cell(50);
        Object newTwin = so.mergeUnder(0, master, twin);
        assertEquals(30, ((Cell) array[3]).value, "the master's change");
        assertEquals(50, ((Cell) array[5]).value, "this node's write");
        for (int i : new int[] {0, 1, 2, 4, 6, 7}) {
            assertSame(before[i], array[i], "element " + i + " is unchanged on both sides: not rewritten");
        }
        assertEquals(1, ((org.jdsm.content.ArrayDiff) so.diff(0, newTwin)).changedElements(), "the next diff: element 5 only");
        ((Cell) array[3]).value = 31; // a change in place of the element the merge took
        ((Cell) array[6]).value = 60; // and of one it left alone
        assertEquals(3, ((org.jdsm.content.ArrayDiff) so.diff(0, newTwin)).changedElements(),
                "changes in place differ from the twin: it holds copies, not the block's instances");
    }

    /** A single shared object with a field of {@link Cell}, which has no value equals. */
    static final class Holder {
        long count;
        Cell cell = new Cell(7);
    }

    @Test
    void singleObjectDiffLeavesOutAnUnchangedFieldOfAClassWithoutEquals() {
        Holder holder = new Holder();
        SharedObject so = new SharedObjectOne(holder, 0, 1, wire);
        Object twin = so.snapshot(0); // a decoded copy: its cell is another instance
        holder.count = 1;
        Holder home = new Holder();
        home.cell = new Cell(8); // another node's write of the cell, already at the home
        new SharedObjectOne(home, 0, 1, wire).applyDiff(0, so.diff(0, twin));
        assertEquals(1, home.count, "this node's write");
        assertEquals(8, home.cell.value, "the diff must not carry this node's unchanged cell over the other node's write");
    }

    @Test
    void singleObjectMergeKeepsItsOwnCellWhereTheMasterDidNotChangeIt() {
        Holder holder = new Holder();
        SharedObject so = new SharedObjectOne(holder, 0, 1, wire);
        Object twin = so.snapshot(0);
        holder.cell = new Cell(70); // this node's write
        Holder master = wire.copy((Holder) twin);
        master.count = 5; // the master's change
        so.mergeUnder(0, master, twin);
        assertEquals(5, holder.count, "the master's change");
        assertEquals(70, holder.cell.value, "this node's write");
    }
}

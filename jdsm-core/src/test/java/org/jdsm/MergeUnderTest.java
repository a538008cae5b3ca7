package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/**
 * {@link SharedObject#mergeUnder}: a block takes what the master changed since the twin and keeps
 * what this node wrote since; the returned twin makes the next diff hold this node's writes alone.
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
    }

    /** A single shared object holding a nested object whose class compares by identity. */
    static final class Holder {
        long plain;
        Cell cell = new Cell();
        long[] slots = new long[3];
    }

    @Test
    void singleObjectDiffLeavesOutNestedObjectsItDidNotChange() {
        Holder local = new Holder();
        SharedObject so = new SharedObjectOne(local, 0, 1, wire);
        Object twin = so.snapshot(0);
        local.plain = 7;
        Object diff = so.diff(0, twin);
        Holder master = new Holder();
        master.cell.value = 9; // another node's write, already merged at the home
        new SharedObjectOne(master, 0, 1, wire).applyDiff(0, diff);
        assertEquals(7, master.plain, "this node's write");
        assertEquals(9, master.cell.value, "the other node's write survives this node's diff");
    }

    @Test
    void singleObjectMergeKeepsNestedObjectsWrittenInPlace() {
        Holder local = new Holder();
        SharedObject so = new SharedObjectOne(local, 0, 1, wire);
        Holder twin = (Holder) so.snapshot(0);
        local.cell.value = 5; // this node's write, in place
        Holder master = wire.copy(twin);
        master.plain = 3; // the master's change
        so.mergeUnder(0, master, twin);
        assertEquals(3, local.plain, "the master's change");
        assertEquals(5, local.cell.value, "this node's write");
    }

    @Test
    void objectBlockDiffCarriesElementsChangedInPlace() {
        Object[] array = {new Cell(0), new Cell(1), new Cell(2), new Cell(3)};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 4, Distribution.BLOCK, wire);
        Object twin = so.snapshot(0);
        ((Cell) array[2]).value = 20; // the reference stays
        Object[] master = {new Cell(0), new Cell(1), new Cell(2), new Cell(3)};
        new SharedObjectForBlock(master, 0, 1, 4, Distribution.BLOCK, wire).applyDiff(0, so.diff(0, twin));
        assertEquals(20, ((Cell) master[2]).value, "the in-place write reached the master");
        assertEquals(1, ((org.jdsm.content.ArrayDiff) so.diff(0, twin)).changedElements(), "element 2 only");
    }

    @Test
    void objectBlockMergeKeepsElementsChangedInPlaceAndSharesNothingWithTheTwin() {
        Object[] array = {new Cell(0), new Cell(1), new Cell(2), new Cell(3)};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 4, Distribution.BLOCK, wire);
        Object[] twin = (Object[]) so.snapshot(0);
        ((Cell) array[2]).value = 20; // this node's write, in place
        Object[] master = wire.copy(twin);
        ((Cell) master[1]).value = 10; // the master's change
        Object[] newTwin = (Object[]) so.mergeUnder(0, master, twin);
        assertEquals(10, ((Cell) array[1]).value, "the master's change");
        assertEquals(20, ((Cell) array[2]).value, "this node's write");
        ((Cell) array[1]).value = 11; // a later in-place write must show in the next diff
        assertEquals(2, ((org.jdsm.content.ArrayDiff) so.diff(0, newTwin)).changedElements(), "elements 1 and 2");
    }

    @Test
    void rowsOfATwoDimensionalArrayMergeElementByElement() {
        long[][] rows = new long[2][4];
        SharedObject so = new SharedObjectForBlock(rows, 0, 1, 2, Distribution.BLOCK, wire);
        Object[] twin = (Object[]) so.snapshot(0);
        rows[0][1] = 10; // this node's write, in place in a row
        Object[] master = wire.copy(twin);
        ((long[]) master[0])[2] = 20; // another node's write to the same row, merged at the home
        long[] row = rows[0];
        Object newTwin = so.mergeUnder(0, master, twin);
        assertArrayEquals(new long[] {0, 10, 20, 0}, rows[0], "the master's element beside this node's");
        assertSame(row, rows[0], "the row is merged in place");

        long[][] home = new long[2][4];
        home[0][3] = 30; // a third node's write, at the home already
        home[0][2] = 20;
        new SharedObjectForBlock(home, 0, 1, 2, Distribution.BLOCK, wire).applyDiff(0, so.diff(0, newTwin));
        assertArrayEquals(new long[] {0, 10, 20, 30}, home[0], "the diff carries element 1 of the row alone");
    }

    @Test
    void singleObjectArrayFieldMergesElementByElement() {
        Holder local = new Holder();
        SharedObject so = new SharedObjectOne(local, 0, 1, wire);
        Holder twin = (Holder) so.snapshot(0);
        local.slots[0] = 5; // this node's write
        Holder master = wire.copy(twin);
        master.slots[1] = 6; // another node's write to the same array field
        Holder newTwin = (Holder) so.mergeUnder(0, master, twin);
        assertArrayEquals(new long[] {5, 6, 0}, local.slots, "both writes");

        Holder home = new Holder();
        home.slots[1] = 6;
        home.slots[2] = 7; // a third node's write, at the home already
        new SharedObjectOne(home, 0, 1, wire).applyDiff(0, so.diff(0, newTwin));
        assertArrayEquals(new long[] {5, 6, 7}, home.slots, "the diff carries element 0 alone");
    }

    /** An element class with two fields that different nodes write at the same time. */
    static final class Pair {
        long left;
        long right;
        long[] slots = new long[2];
    }

    @Test
    void elementDiffCarriesOnlyTheFieldsThisNodeChanged() {
        Object[] array = {new Pair(), new Pair()};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 2, Distribution.BLOCK, wire);
        Object twin = so.snapshot(0);
        ((Pair) array[1]).left = 5; // this node's write
        ((Pair) array[1]).slots[0] = 6;

        Pair atHome = new Pair();
        atHome.right = 7; // another node's write of the other field, at the home already
        atHome.slots[1] = 8;
        Object[] home = {new Pair(), atHome};
        new SharedObjectForBlock(home, 0, 1, 2, Distribution.BLOCK, wire).applyDiff(0, so.diff(0, twin));
        assertSame(atHome, home[1], "changed in place");
        assertEquals(5, atHome.left, "this node's write");
        assertEquals(7, atHome.right, "the other node's field survives this node's diff");
        assertArrayEquals(new long[] {6, 8}, atHome.slots, "an array field merges element by element");
    }

    @Test
    void elementWrittenHereTakesTheFieldsTheMasterChanged() {
        Object[] array = {new Pair(), new Pair()};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 2, Distribution.BLOCK, wire);
        Object[] twin = (Object[]) so.snapshot(0);
        Pair mine = (Pair) array[0];
        mine.left = 5; // this node's write, not published yet
        Object[] master = wire.copy(twin);
        ((Pair) master[0]).right = 7; // another node's write of the other field
        ((Pair) master[0]).slots[1] = 8;
        Object newTwin = so.mergeUnder(0, master, twin);
        assertSame(mine, array[0], "merged in place");
        assertEquals(5, mine.left, "this node's write");
        assertEquals(7, mine.right, "the master's change of the other field");
        assertArrayEquals(new long[] {0, 8}, mine.slots, "the master's change inside the array field");
        assertNotSame(((Pair) master[0]).slots, mine.slots, "nothing shared with the master, the next twin");

        Pair atHome = new Pair();
        atHome.right = 9; // a third node's later write of the other field, at the home already
        Object[] home = {atHome, new Pair()};
        new SharedObjectForBlock(home, 0, 1, 2, Distribution.BLOCK, wire).applyDiff(0, so.diff(0, newTwin));
        assertEquals(5, atHome.left, "this node's write");
        assertEquals(9, atHome.right, "the next diff does not carry the merged value back over a later write");
    }

    @Test
    void fieldsWrittenIntoAnElementAnotherNodeReplacedAreDropped() {
        Object[] array = {new Pair()};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 1, Distribution.BLOCK, wire);
        Object twin = so.snapshot(0);
        ((Pair) array[0]).left = 5; // this node's write into the element it has
        Object[] home = {"replaced"}; // another node put another kind of value in the slot meanwhile
        new SharedObjectForBlock(home, 0, 1, 1, Distribution.BLOCK, wire).applyDiff(0, so.diff(0, twin));
        assertEquals("replaced", home[0], "the slot keeps the other node's value; no failure at the home");
    }

    /** An element holding an object array that nodes write into, or replace by one of another class. */
    static final class Bag {
        Object[] items = new Object[2];
    }

    @Test
    void valuesWrittenIntoAnArrayAnotherNodeReplacedByOneOfAnotherClassAreDropped() {
        Object[] array = {new Bag()};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 1, Distribution.BLOCK, wire);
        Object twin = so.snapshot(0);
        ((Bag) array[0]).items[0] = new Cell(5); // this node's write into the array the element has
        Bag atHome = new Bag();
        atHome.items = new String[] {"a", "b"}; // another node put a String[] in its place meanwhile
        new SharedObjectForBlock(new Object[] {atHome}, 0, 1, 1, Distribution.BLOCK, wire).applyDiff(0, wire.copy(so.diff(0, twin)));
        assertArrayEquals(new String[] {"a", "b"}, atHome.items, "the other node's array stays; no ArrayStoreException at the home");
    }

    /** A single shared object whose fields refer to an object and a two-dimensional array. */
    static final class Outer {
        Pair pair = new Pair();
        long[][] grid = new long[2][2];
    }

    @Test
    void diffsGoInsideNestedObjectsAndArrays() {
        Outer local = new Outer();
        SharedObject so = new SharedObjectOne(local, 0, 1, wire);
        Object twin = so.snapshot(0);
        local.pair.left = 5; // this node's writes, inside the field's values
        local.grid[0][0] = 6;

        Outer home = new Outer();
        Pair pair = home.pair;
        home.pair.right = 7; // other nodes' writes of other parts, at the home already
        home.grid[0][1] = 8;
        home.grid[1][0] = 9;
        new SharedObjectOne(home, 0, 1, wire).applyDiff(0, so.diff(0, twin));
        assertSame(pair, home.pair, "changed in place");
        assertEquals(5, home.pair.left, "this node's write");
        assertEquals(7, home.pair.right, "another node's field of the nested object");
        assertArrayEquals(new long[] {6, 8}, home.grid[0], "a row's elements merge");
        assertArrayEquals(new long[] {9, 0}, home.grid[1], "a row this node did not write");
    }

    @Test
    void aCyclicGraphIsDiffedToABoundedDepth() {
        Link a = Link.cycleOfTwo();
        SharedObject so = new SharedObjectOne(a, 0, 1, wire);
        Object twin = so.snapshot(0);
        a.value = 5;
        a.next.value = 6;

        Link home = wire.copy((Link) twin);
        new SharedObjectOne(home, 0, 1, wire).applyDiff(0, so.diff(0, twin));
        assertEquals(5, home.value);
        assertEquals(6, home.next.value);
        assertEquals(5, home.next.next.value);
    }
    /** An element whose two array fields different nodes write at the same time, each under its own lock. */
    static final class Halves {
        long[] mine = new long[20_000];
        long other;
    }

    /**
     * A local thread writes one field of an element while merges under it take another node's
     * change of the other field: none of its writes may be lost, whether the merge finds the element
     * written yet or not (a merge that rewrote every field of an element it found unwritten lost the
     * writes made between its comparison and its copy).
     */
    @Test
    void mergesUnderAWriterOfAnElementInPlaceLoseNoneOfItsWrites() throws Exception {
        Object[] array = {new Halves()};
        Halves element = (Halves) array[0];
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 1, Distribution.BLOCK, wire);
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        long[] written = new long[1];
        Thread writer = new Thread(() -> {
            java.util.Random random = new java.util.Random(1);
            while (!done.get()) {
                element.mine[random.nextInt(element.mine.length)]++;
                written[0]++;
                long until = System.nanoTime() + random.nextInt(200_000);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        });
        writer.start();
        try {
            long end = System.nanoTime() + 1_000_000_000L;
            for (long other = 1; System.nanoTime() < end; other++) {
                Object[] twin = (Object[]) so.snapshot(0);
                Object[] master = wire.copy(twin);
                ((Halves) master[0]).other = other; // another node's write of the other field
                so.mergeUnder(0, master, twin);
            }
        } finally {
            done.set(true);
            writer.join();
        }
        assertEquals(written[0], java.util.Arrays.stream(element.mine).sum(), "the local writer's increments");
    }
}

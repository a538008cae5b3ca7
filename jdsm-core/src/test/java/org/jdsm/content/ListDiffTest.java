package org.jdsm.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/** {@link ListDiff}: an ArrayList that kept its size travels as its changed elements, applied in place. */
class ListDiffTest {

    private final WireFormat wire = new WireFormat(List.of(ArrayDiff.class, FieldDiff.class, NestedFieldDiff.class, ListDiff.class));
    private final SameContent same = new SameContent(wire);

    /** An object of a class of the job's held in a list. */
    static final class Tally {
        long a;
        long b;
    }

    @Test
    void writersOfDifferentElementsMergeAfterTheWire() {
        ArrayList<Long> home = new ArrayList<>(List.of(0L, 0L, 0L));
        Object a = TwoWriters.mergeAtHome(wire, same, home, w -> w.set(0, 10L), w -> w.set(2, 30L));
        assertInstanceOf(ListDiff.class, a);
        assertEquals(List.of(10L, 0L, 30L), home);
    }

    @Test
    void objectsInTheListTakeChangedFieldsInPlace() {
        ArrayList<Tally> home = new ArrayList<>(List.of(new Tally(), new Tally()));
        Tally kept = home.get(1);
        TwoWriters.mergeAtHome(wire, same, home, w -> w.get(1).a = 1, w -> w.get(1).b = 2);
        assertSame(kept, home.get(1), "the object in the list is changed, not replaced");
        assertEquals(1, kept.a);
        assertEquals(2, kept.b);
    }

    /**
     * At the home a diff is applied while local threads write the master: a thread that sets element
     * 0 again and again (under its lock) must always find its last value there, however often a
     * diff of element 1 is applied meanwhile. The diff once set every element it found changed
     * since it took a snapshot of the list, so it put element 0's older value back.
     */
    @Test
    void applyingADiffLeavesTheElementsItDoesNotWriteAlone() throws Exception {
        ArrayList<Long> home = new ArrayList<>(List.of(0L, 0L));
        ArrayList<Long> writer = wire.copy(home);
        writer.set(1, 1L);
        Object diff = wire.decode(wire.encode(ArrayDiff.inside(writer, wire.copy(home), same)));
        AtomicBoolean done = new AtomicBoolean();
        Thread applier = new Thread(() -> {
            while (!done.get()) {
                ArrayDiff.applyInside(home, diff);
            }
        });
        applier.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        try {
            for (long v = 1; v <= 2_000_000 && System.nanoTime() < deadline; v++) {
                long seen = home.get(0);
                assertEquals(v - 1, seen, "element 0 after " + (v - 1) + " local writes");
                home.set(0, v);
            }
        } finally {
            done.set(true);
            applier.join();
        }
    }

    @Test
    void aListThatChangedSizeOrIsOfAnotherClassTravelsWhole() {
        ArrayList<Long> before = new ArrayList<>(List.of(1L));
        ArrayList<Long> grown = new ArrayList<>(List.of(1L, 2L));
        assertNull(ArrayDiff.inside(grown, before, same));
        assertNull(ArrayDiff.inside(new java.util.Vector<>(List.of(2L)), new java.util.Vector<>(List.of(1L)), same));
        assertNull(ArrayDiff.inside(new ArrayList<>(before), before, same), "nothing changed");
    }

    /**
     * Threads setting different elements of one LinkedList need no common lock, as with an ArrayList.
     * A LinkedList travelled whole, so the home took the last writer's list, stale where the other
     * wrote, and replaced its own list (and the objects in it) with that copy.
     */
    @Test
    void writersOfDifferentElementsOfALinkedListMergeInPlace() {
        LinkedList<Long> home = new LinkedList<>(List.of(0L, 0L, 0L));
        Object a = TwoWriters.mergeAtHome(wire, same, home, w -> w.set(0, 10L), w -> w.set(2, 30L));
        assertInstanceOf(ListDiff.class, a);
        assertEquals(List.of(10L, 0L, 30L), home);
        LinkedList<Tally> tallies = new LinkedList<>(List.of(new Tally(), new Tally()));
        Tally kept = tallies.get(1);
        TwoWriters.mergeAtHome(wire, same, tallies, w -> w.get(1).a = 1, w -> w.get(1).b = 2);
        assertSame(kept, tallies.get(1), "the object in the list is changed, not replaced");
        assertEquals(1, kept.a);
        assertEquals(2, kept.b);
        LinkedList<Tally> value = wire.copy(tallies);
        value.get(1).a = 4;
        assertSame(tallies, ElementsInPlace.update(tallies, value));
        assertSame(kept, tallies.get(1), "installed content goes in place");
        assertEquals(4, kept.a);
    }

    @Test
    void aChangeToAListAnotherWriterShortenedOrReplacedIsDropped() {
        ArrayList<Long> before = new ArrayList<>(List.of(0L, 0L, 0L));
        ArrayList<Long> now = new ArrayList<>(List.of(0L, 0L, 5L));
        Object change = ArrayDiff.inside(now, before, same);
        ArrayList<Long> shortened = new ArrayList<>(List.of(7L));
        ArrayDiff.applyInside(shortened, change);
        assertEquals(List.of(7L), shortened);
        ArrayDiff.applyInside(null, change); // a field another writer set to null
    }

    @Test
    void installedContentGoesIntoTheListInPlace() {
        ArrayList<Tally> old = new ArrayList<>(List.of(new Tally()));
        Tally kept = old.get(0);
        ArrayList<Tally> value = wire.copy(old);
        value.get(0).a = 4;
        assertSame(old, ElementsInPlace.update(old, value));
        assertSame(kept, old.get(0));
        assertEquals(4, kept.a);
        ArrayList<Tally> longer = new ArrayList<>(List.of(new Tally(), new Tally()));
        assertSame(old, ElementsInPlace.update(old, longer), "another size: the same list takes all the values");
        assertEquals(2, old.size());
    }

    /** Another node added or removed at the end: the objects still at their positions are changed in place, not replaced. */
    @Test
    void aListOfAnotherSizeKeepsItsObjectsAtTheirPositions() {
        for (List<Tally> old : List.<List<Tally>>of(new ArrayList<>(), new LinkedList<>())) {
            old.add(new Tally());
            old.add(new Tally());
            Tally first = old.get(0);
            Tally second = old.get(1);
            List<Tally> longer = wire.copy(old);
            longer.get(0).a = 4;
            longer.add(new Tally());
            assertSame(old, ElementsInPlace.update(old, longer));
            assertEquals(3, old.size());
            assertSame(first, old.get(0), "grown: a kept reference stays the element");
            assertSame(second, old.get(1));
            assertEquals(4, first.a);
            List<Tally> shorter = wire.copy(longer);
            shorter.remove(2);
            shorter.remove(1);
            shorter.get(0).b = 5;
            ElementsInPlace.update(old, shorter);
            assertEquals(1, old.size());
            assertSame(first, old.get(0), "shortened: a kept reference stays the element");
            assertEquals(5, first.b);
        }
    }

    @Test
    void aListHoldingItselfEnds() {
        ArrayList<Object> now = new ArrayList<>();
        now.add(now);
        now.add(1L);
        ArrayList<Object> before = new ArrayList<>();
        before.add(before);
        before.add(0L);
        Object change = ArrayDiff.inside(now, before, same);
        ArrayList<Object> home = new ArrayList<>();
        home.add(home);
        home.add(0L);
        ArrayDiff.applyInside(home, change);
        assertEquals(1L, home.get(1));
        assertSame(home, home.get(0));
    }
}

package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jdsm.content.ElementSlots;
import org.jdsm.content.SameContent;
import org.jdsm.runtime.ElementBlock;
import org.jdsm.runtime.SlotAware;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Element objects that know their block ({@link SlotAware}, as the instrumentation makes job classes)
 * learn it at registration and whenever a new object comes into a slot, forget it when they leave
 * one, and never carry it to another node or into a comparison of content.
 */
class ElementSlotsTest {

    private final WireFormat wire = new WireFormat();

    /** An element class as the instrumentation leaves it. */
    static class Cell implements SlotAware {
        long x;
        private transient ElementBlock slot;

        Cell(long x) {
            this.x = x;
        }

        @Override
        public ElementBlock jdsm$slot() {
            return slot;
        }

        @Override
        public void jdsm$setSlot(ElementBlock block) {
            slot = block;
        }
    }

    /** An element class that holds other objects of the job's, in a field, a list, a map and an array. */
    static class Holder extends Cell {
        Cell inner = new Cell(1);
        ArrayList<Cell> list = new ArrayList<>(List.of(new Cell(2)));
        HashMap<String, Cell> map = new HashMap<>(Map.of("k", new Cell(3)));
        Cell[] array = {new Cell(4)};
        Holder next; // a cycle
        String name = "h";

        Holder() {
            super(0);
        }
    }

    /** Another class: a fetched one of it replaces a {@link Cell} instead of being written into it. */
    static final class OtherCell extends Cell {
        OtherCell(long x) {
            super(x);
        }
    }

    @Test
    void registrationTellsEachElementItsBlock() {
        Cell[] cells = {new Cell(0), new Cell(1), new Cell(2)};
        SharedObjectForBlock so = new SharedObjectForBlock(cells, 0, 1, 2, Distribution.BLOCK, wire);
        assertSame(so.elementBlock(0), cells[0].jdsm$slot());
        assertSame(so.elementBlock(0), cells[1].jdsm$slot());
        assertSame(so.elementBlock(1), cells[2].jdsm$slot());
        assertSame(so, cells[2].jdsm$slot().shared());
    }

    @Test
    void anElementThatComesInLearnsItsBlockAndTheOneItReplacesForgets() {
        Cell[] cells = {new Cell(0), null};
        SharedObjectForBlock so = new SharedObjectForBlock(cells, 0, 1, 2, Distribution.BLOCK, wire);
        Cell leaving = cells[0];
        so.install(0, new Object[] {new OtherCell(5), new Cell(6)});
        assertNull(leaving.jdsm$slot(), "replaced by an object of another class");
        assertSame(so.elementBlock(0), cells[0].jdsm$slot());
        assertSame(so.elementBlock(0), cells[1].jdsm$slot());
    }

    @Test
    void theSlotNeitherTravelsNorCountsAsContent() {
        Cell[] cells = {new Cell(3)};
        new SharedObjectForBlock(cells, 0, 1, 1, Distribution.BLOCK, wire);
        Cell copy = wire.copy(cells[0]);
        assertNull(copy.jdsm$slot());
        assertTrue(new SameContent(wire).test(cells[0], copy));
    }

    @Test
    void whatAnElementHoldsLearnsItsBlockAndACycleEnds() {
        Holder a = new Holder();
        Holder b = new Holder();
        a.next = b;
        b.next = a;
        Holder[] cells = {a, null};
        SharedObjectForBlock so = new SharedObjectForBlock(cells, 0, 1, 2, Distribution.BLOCK, wire);
        for (Cell held : new Cell[] {a.inner, a.list.get(0), a.map.get("k"), a.array[0], b, b.inner, b.list.get(0)}) {
            assertSame(so.elementBlock(0), held.jdsm$slot());
        }
        Cell added = new Cell(9);
        a.list.add(added);
        so.install(0, new Object[] {wire.copy(a), null});
        assertSame(so.elementBlock(0), added.jdsm$slot(), "an object added since learns the block when content comes in");
    }

    @Test
    void whatASingleSharedObjectHoldsLearnsItAndTheObjectItselfDoesNot() {
        Holder h = new Holder();
        SharedObjectOne so = new SharedObjectOne(h, 0, 1, wire);
        assertSame(so, h.inner.jdsm$slot().shared());
        assertSame(so, h.list.get(0).jdsm$slot().shared());
        assertNull(h.jdsm$slot(), "its own fields are checked as its own");
    }

    /**
     * Content that comes in for a block is claimed while a thread of the node may change a collection
     * an element holds, without the lock the program changes it under. The walk gives up on such a
     * collection (its objects learn the block at the next claim) and must never throw: it runs in the
     * node's message handling, where an exception fails the job. A LinkedList's iterator, read during
     * a removal, threw a NullPointerException there (seen once in CollectionDiffsPlainTest).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"LinkedList", "ArrayList", "HashMap", "TreeMap"})
    @Timeout(60)
    void claimingWhileAThreadChangesAHeldCollectionNeverThrows(String kind) throws Exception {
        Object holder = switch (kind) {
            case "LinkedList" -> new LinkedList<Cell>();
            case "ArrayList" -> new ArrayList<Cell>();
            case "HashMap" -> new HashMap<Integer, Cell>();
            default -> new TreeMap<Integer, Cell>();
        };
        Consumer<Integer> change = changer(holder);
        AtomicBoolean stop = new AtomicBoolean();
        Thread changing = new Thread(() -> {
            for (int i = 0; !stop.get(); i++) {
                change.accept(i);
            }
        });
        changing.start();
        ElementBlock block = new ElementBlock(null, 0);
        RuntimeException thrown = null;
        long deadline = System.nanoTime() + 1_000_000_000L;
        try {
            for (int n = 0; n < 2_000_000 && System.nanoTime() < deadline && thrown == null; n++) {
                try {
                    ElementSlots.claimInside(holder, block);
                } catch (RuntimeException e) {
                    thrown = e;
                }
            }
        } finally {
            stop.set(true);
            changing.join();
        }
        assertNull(thrown, "a claim threw");
    }

    @SuppressWarnings("unchecked")
    private static Consumer<Integer> changer(Object holder) {
        if (holder instanceof List<?> list) {
            List<Cell> cells = (List<Cell>) list;
            return i -> {
                cells.add(new Cell(i));
                if (cells.size() > 8) {
                    cells.remove(0);
                }
            };
        }
        Map<Integer, Cell> cells = (Map<Integer, Cell>) holder;
        return i -> {
            cells.put(i, new Cell(i));
            cells.remove(i - 8);
        };
    }
}

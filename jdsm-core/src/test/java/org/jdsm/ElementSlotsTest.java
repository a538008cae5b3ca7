package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jdsm.content.SameContent;
import org.jdsm.runtime.ElementBlock;
import org.jdsm.runtime.SlotAware;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

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
}

package org.jdsm.content;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/** {@link SameContent}: equal values, and copies of classes without a value equals, hold the same content. */
class SameContentTest {

    private final WireFormat wire = new WireFormat();
    private final SameContent same = new SameContent(wire);

    /** A mutable class that keeps Object's identity equals. */
    static final class Cell {
        long value;
    }

    @Test
    void valuesWithEqualsCompareByEquals() {
        assertTrue(same.test(1L, 1L));
        assertFalse(same.test(1L, 2L));
        assertTrue(same.test(new double[] {1, 2}, new double[] {1, 2}));
        assertFalse(same.test(new double[] {1, 2}, new double[] {1, 3}));
        assertTrue(same.test(List.of("a"), List.of("a")));
        assertFalse(same.test(null, "a"));
    }

    @Test
    void copiesOfClassesWithoutEqualsCompareByEncoding() {
        Cell cell = new Cell();
        cell.value = 5;
        Cell copy = wire.copy(cell);
        assertTrue(same.test(cell, copy), "a decoded copy is the same content");
        copy.value = 6;
        assertFalse(same.test(cell, copy), "a change in place is a change");
        Object[] cells = {cell, null};
        Object[] copies = wire.copy(cells);
        assertTrue(same.test(cells, copies), "arrays of such elements compare element by element's encoding");
        ((Cell) copies[0]).value = 7;
        assertFalse(same.test(cells, copies));
    }
}

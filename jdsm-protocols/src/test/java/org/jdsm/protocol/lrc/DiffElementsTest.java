package org.jdsm.protocol.lrc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jdsm.content.ArrayDiff;
import org.jdsm.content.ElementKind;
import org.jdsm.content.FieldDiff;
import org.jdsm.content.ObjectFields;
import org.jdsm.content.SameContent;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/** {@link DiffElements}, the statistics' {@code diff_elements}: array elements or single objects' fields. */
class DiffElementsTest {

    /** A single shared object's class. */
    static final class Point {
        long x;
        long y;
        long z;
    }

    @Test
    void countsArrayElementsAndObjectFields() {
        long[] twin = new long[8];
        long[] current = {0, 1, 0, 3, 4, 0, 0, 0};
        assertEquals(3, DiffElements.of(ArrayDiff.between(ElementKind.LONG, current, 0, twin, 8)));
        Point before = new Point();
        Point after = new Point();
        after.x = 1;
        after.z = 2;
        SameContent same = new SameContent(new WireFormat());
        assertEquals(2, DiffElements.of(FieldDiff.between(ObjectFields.of(Point.class), after, before, same)));
        assertEquals(0, DiffElements.of(null), "no diff");
    }
}

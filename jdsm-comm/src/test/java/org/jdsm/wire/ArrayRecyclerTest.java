package org.jdsm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ArrayRecyclerTest {

    private static final int LARGE = ArrayRecycler.MIN_BYTES / Double.BYTES; // doubles in the smallest kept array

    private final ArrayRecycler recycler = new ArrayRecycler();

    @Test
    void aGivenArrayComesBackOnlyForItsTypeAndLengthAndOnlyOnce() {
        double[] given = new double[LARGE];
        recycler.give(given);
        assertNull(recycler.take(double[].class, LARGE + 1), "another length");
        assertNull(recycler.take(long[].class, LARGE), "another type of the same byte size");
        assertSame(given, recycler.take(double[].class, LARGE));
        assertNull(recycler.take(double[].class, LARGE), "handed out once only");
        assertEquals(0, recycler.keptBytes());
    }

    @Test
    void smallArraysObjectArraysAndOtherObjectsAreLeftToTheGc() {
        recycler.give(new double[LARGE - 1]);
        recycler.give(new Object[LARGE]);
        recycler.give("not an array");
        assertNull(recycler.take(double[].class, LARGE - 1));
        assertNull(recycler.take(Object[].class, LARGE));
        assertEquals(0, recycler.keptBytes());
    }

    @Test
    void everyPrimitiveKindIsKept() {
        Object[] arrays = {new double[LARGE], new long[LARGE], new float[2 * LARGE], new int[2 * LARGE],
                new short[4 * LARGE], new char[4 * LARGE]};
        for (Object a : arrays) {
            recycler.give(a);
        }
        for (Object a : arrays) {
            assertSame(a, recycler.take(a.getClass(), java.lang.reflect.Array.getLength(a)), a.getClass().getSimpleName());
        }
    }

    @Test
    void givingTheSameArrayTwiceFailsInsteadOfHandingItOutTwice() {
        double[] given = new double[LARGE];
        recycler.give(given);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> recycler.give(given));
        assertEquals("an array was given back twice: it would be handed out twice", e.getMessage());
    }

    @Test
    void keepsAFewSparesPerShapeAndABoundedTotal() {
        for (int i = 0; i < ArrayRecycler.MAX_PER_SHAPE + 3; i++) {
            recycler.give(new double[LARGE]);
        }
        assertEquals((long) ArrayRecycler.MAX_PER_SHAPE * ArrayRecycler.MIN_BYTES, recycler.keptBytes());

        ArrayRecycler bounded = new ArrayRecycler();
        int big = (int) (ArrayRecycler.MAX_BYTES / 4 / Long.BYTES); // a quarter of the bound each
        for (int i = 0; i < 4; i++) {
            bounded.give(new long[big + i]); // four shapes, one each, each a little larger
        }
        assertEquals(3L * Long.BYTES * big + (0 + 1 + 2) * Long.BYTES, bounded.keptBytes(), "the fourth did not fit");
        assertNull(bounded.take(long[].class, big + 3));
    }
}

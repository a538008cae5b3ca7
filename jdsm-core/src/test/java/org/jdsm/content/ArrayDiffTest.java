package org.jdsm.content;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** Diffs carry exactly the changed elements, so applying them reproduces the writer's block and merges writers. */
class ArrayDiffTest {

    @RepeatedTest(20)
    void applyingADiffToTheTwinReproducesTheBlock() {
        Random r = new Random();
        int offset = r.nextInt(10);
        double[] array = new double[offset + 1 + r.nextInt(300)];
        for (int i = 0; i < array.length; i++) {
            array[i] = r.nextDouble();
        }
        int n = array.length - offset;
        double[] twin = (double[]) ElementKind.DOUBLE.copyRange(array, offset, n);
        int changes = r.nextInt(n + 1);
        for (int k = 0; k < changes; k++) {
            array[offset + r.nextInt(n)] = r.nextDouble();
        }
        ArrayDiff diff = ArrayDiff.between(ElementKind.DOUBLE, array, offset, twin, n);
        double[] rebuilt = twin.clone();
        if (diff != null) {
            diff.applyTo(rebuilt, 0);
        }
        assertArrayEquals((double[]) ElementKind.DOUBLE.copyRange(array, offset, n), rebuilt);
    }

    @Test
    void disjointWritersMergeWithoutLosingEitherWrite() {
        long[] home = new long[16];
        long[] writerA = home.clone();
        long[] writerB = home.clone();
        for (int i = 0; i < 16; i += 2) {
            writerA[i] = 100 + i; // even elements
            writerB[i + 1] = 200 + i; // odd elements
        }
        ArrayDiff a = ArrayDiff.between(ElementKind.LONG, writerA, 0, new long[16], 16);
        ArrayDiff b = ArrayDiff.between(ElementKind.LONG, writerB, 0, new long[16], 16);
        b.applyTo(home, 0);
        a.applyTo(home, 0);
        for (int i = 0; i < 16; i += 2) {
            assertEquals(100 + i, home[i]);
            assertEquals(200 + i, home[i + 1]);
        }
        assertEquals(8, a.changedElements());
    }

    @Test
    void signOfZeroIsAWriteAndUnchangedBlocksGiveNoDiff() {
        double[] twin = {0.0, 1.0, Double.NaN};
        assertNull(ArrayDiff.between(ElementKind.DOUBLE, twin.clone(), 0, twin, 3));
        double[] current = {-0.0, 1.0, Double.NaN};
        ArrayDiff d = ArrayDiff.between(ElementKind.DOUBLE, current, 0, twin, 3);
        assertNotNull(d);
        assertEquals(1, d.changedElements());
    }

    @Test
    void objectArraysCompareByIdentity() {
        Object[] twin = {"a", "b"};
        Object[] current = {"a", new String("b")};
        assertEquals(1, ArrayDiff.between(ElementKind.OBJECT, current, 0, twin, 2).changedElements());
    }
}

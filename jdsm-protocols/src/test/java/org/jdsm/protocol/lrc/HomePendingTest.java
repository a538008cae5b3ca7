package org.jdsm.protocol.lrc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.jdsm.LockIds;
import org.jdsm.TestSharedObjects;
import org.junit.jupiter.api.Test;

/** {@link HomePending}: only blocks homed here enter, each once, and draining hands out exactly those. */
class HomePendingTest {

    /** Node 1 of 2: object 0 has 200 one-element blocks (homes 100..199), object 1 has 70 (homes 35..69). */
    private static HomePending atNode1() {
        HomePending pending = new HomePending();
        pending.addObject(TestSharedObjects.blocks(new long[200], 1, 2), 1);
        pending.addObject(TestSharedObjects.blocks(new long[70], 1, 2), 1);
        return pending;
    }

    @Test
    void takesOnlyBlocksHomedHereAndEachOnce() {
        HomePending pending = atNode1();
        assertFalse(pending.addIfHomed(0, 5), "block 5 of object 0 is homed on node 0");
        assertFalse(pending.addIfHomed(1, 34));
        assertTrue(pending.addIfHomed(0, 150));
        assertTrue(pending.addIfHomed(0, 150));
        assertTrue(pending.addIfHomed(0, 191));
        assertTrue(pending.addIfHomed(0, 128));
        assertTrue(pending.addIfHomed(1, 69));
        assertEquals(4, pending.size());

        long[] ids = new long[6];
        pending.drainTo(ids, 2);
        long[] drained = Arrays.copyOfRange(ids, 2, 6);
        Arrays.sort(drained);
        long[] expected = {LockIds.block(0, 128), LockIds.block(0, 150), LockIds.block(0, 191), LockIds.block(1, 69)};
        Arrays.sort(expected);
        assertArrayEquals(expected, drained);
        assertEquals(0, ids[0] | ids[1], "nothing written before the offset");
        assertEquals(0, pending.size());

        pending.add(0, 150); // a drained block can be pending again
        long[] again = new long[1];
        pending.drainTo(again, 0);
        assertArrayEquals(new long[] {LockIds.block(0, 150)}, again);
    }

    @Test
    void takesTheHomedBlocksOfAWordAndReturnsTheOthers() {
        HomePending pending = atNode1();
        // Word 1 of object 0 holds blocks 64..127; node 1 homes 100..127 of them.
        long word = 1L << (99 - 64) | 1L << (100 - 64) | 1L << (127 - 64);
        assertEquals(1L << (99 - 64), pending.addHomed(0, 1, word));
        assertEquals(2, pending.size());
        long[] ids = new long[2];
        pending.drainTo(ids, 0);
        Arrays.sort(ids);
        assertArrayEquals(new long[] {LockIds.block(0, 100), LockIds.block(0, 127)}, ids);
    }

    @Test
    void agreesWithASetOverRandomAddsAndDrains() {
        HomePending pending = atNode1();
        TreeSet<Long> oracle = new TreeSet<>();
        Random random = new Random(42);
        for (int step = 0; step < 20_000; step++) {
            if (random.nextInt(50) == 0) {
                long[] ids = new long[pending.size()];
                pending.drainTo(ids, 0);
                Arrays.sort(ids);
                assertArrayEquals(oracle.stream().mapToLong(Long::longValue).toArray(), ids, "drain at step " + step);
                oracle.clear();
            } else {
                int key = random.nextInt(2);
                int block = random.nextInt(key == 0 ? 200 : 70);
                boolean homed = block >= (key == 0 ? 100 : 35);
                assertEquals(homed, pending.addIfHomed(key, block));
                if (homed) {
                    oracle.add(LockIds.block(key, block));
                }
                assertEquals(oracle.size(), pending.size());
            }
        }
    }
}

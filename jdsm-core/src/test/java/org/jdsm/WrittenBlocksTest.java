package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The primitive written-block set agrees with a sorted set of boxed ids under random use. */
class WrittenBlocksTest {

    @Test
    void agreesWithASortedSetOverManyKeysAndBlocks() {
        Random random = new Random(42);
        WrittenBlocks blocks = new WrittenBlocks();
        TreeSet<Long> oracle = new TreeSet<>();
        for (int op = 0; op < 200_000; op++) {
            long id = LockIds.block(random.nextInt(40), random.nextInt(op % 3 == 0 ? 200_000 : 130));
            int what = random.nextInt(1000);
            if (what < 700) {
                blocks.add(id);
                oracle.add(id);
            } else if (what < 995) {
                long[] after = blocks.removeAfter(id);
                long[] expected = oracle.tailSet(id, false).stream().mapToLong(Long::longValue).toArray();
                oracle.tailSet(id, false).clear();
                assertArrayEquals(expected, after, "removeAfter(" + id + ")");
            } else {
                blocks.clear();
                oracle.clear();
            }
            assertEquals(oracle.contains(id), blocks.contains(id));
            long probe = LockIds.block(random.nextInt(40), random.nextInt(200_000));
            assertEquals(oracle.contains(probe), blocks.contains(probe), "contains(" + probe + ")");
            assertEquals(oracle.higher(probe) != null, blocks.holdsAfter(probe), "holdsAfter(" + probe + ")");
            assertEquals(oracle.size(), blocks.size());
        }
        long[] held = Arrays.copyOf(blocks.ids(), blocks.size());
        Arrays.sort(held);
        assertArrayEquals(oracle.stream().mapToLong(Long::longValue).toArray(), held);
    }

    @Test
    void keepsTheOrderWrittenAndForgetsEverythingOnClear() {
        WrittenBlocks blocks = new WrittenBlocks();
        long[] ids = {LockIds.block(3, 64), LockIds.block(0, 5), LockIds.block(3, 63), LockIds.block(7, 0)};
        for (long id : ids) {
            blocks.add(id);
            blocks.add(id); // a second add changes nothing
        }
        assertArrayEquals(ids, Arrays.copyOf(blocks.ids(), blocks.size()));
        blocks.clear();
        assertEquals(0, blocks.size());
        for (long id : ids) {
            assertEquals(false, blocks.contains(id));
        }
        assertEquals(false, blocks.holdsAfter(-1));
    }
}

package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Named lock ids: one per name, apart from every block and object lock id. */
class LockIdsTest {

    @Test
    void namesWithOneStringHashGetDifferentIds() {
        assertEquals("Aa".hashCode(), "BB".hashCode());
        assertNotEquals(LockIds.named("Aa"), LockIds.named("BB"));
        assertNotEquals(LockIds.named("xAaBB"), LockIds.named("xBBAa"));
    }

    @Test
    void manyStructuredNamesGetDistinctIdsBelowEveryObjectLock() {
        Map<Long, String> seen = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 300; j++) {
                String name = "cell" + i + "," + j;
                long id = LockIds.named(name);
                assertTrue(id < -(1L << 32), name);
                assertFalse(LockIds.isBlock(id), name);
                String other = seen.put(id, name);
                assertEquals(null, other, () -> name + " has the id of " + other);
            }
        }
    }

    @Test
    void oneNodeRefusesTwoNamesSharingALockId() {
        LocalExclusion exclusion = new LocalExclusion();
        HolderMutex m = exclusion.lock(LockIds.named("a"), "a");
        assertEquals(m, exclusion.lock(LockIds.named("a"), "a"));
        DsmException e = assertThrows(DsmException.class, () -> exclusion.lock(LockIds.named("a"), "b"));
        assertTrue(e.getMessage().contains("lock(\"b\") and lock(\"a\") map to one lock id"), e.getMessage());
    }
}

package org.jdsm.samples.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ValidationTest {

    @Test
    void aFailedCheckThrowsNamingSampleAndValues() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Validation.of("Demo")
                .near("total", 1.5, 1.0, 1e-12).same("exact", 2.0, 2.0).finish(1.5, "size 3"));
        assertTrue(e.getMessage().startsWith("Demo FAIL: total = 1.5 (expected 1.0"), e.getMessage());
        assertTrue(Outcomes.last("Demo").isEmpty(), "a failed run records no checksum");
    }

    @Test
    void aPassRecordsTheChecksum() {
        Validation.of("Demo2").below("error", 1e-9, 1e-5).finish(42.0, "size 3");
        assertEquals(42.0, Outcomes.last("Demo2").orElseThrow());
    }

    @Test
    void badArgumentsNameTheUsage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SampleArgs.of(List.of("12", "x"), "Demo [N] [M]").positive(1, 5));
        assertEquals("usage: Demo [N] [M]; argument 2 must be a positive integer, got 'x'", e.getMessage());
        assertEquals(7, SampleArgs.of(List.of(), "Demo [N]").positive(0, 7));
    }

    @Test
    void splitsCoverTheRangeAndFollowBlockHomes() {
        for (int parts = 1; parts <= 5; parts++) {
            for (int length = 1; length <= 13; length++) {
                assertEquals(length, Split.end(parts - 1, parts, length));
                assertEquals(length, Split.chunkEnd(parts - 1, parts, length));
                for (int p = 0; p < parts; p++) {
                    for (int i = Split.start(p, parts, length); i < Split.end(p, parts, length); i++) {
                        assertEquals(p, (int) ((long) i * parts / length), "BLOCK home of item " + i);
                    }
                    int from = Split.chunkStart(p, parts, length);
                    if (from < length) {
                        assertEquals(p, from / Split.chunk(parts, length), "chunk " + p + " is block " + p);
                    }
                }
            }
        }
    }
}

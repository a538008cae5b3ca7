package org.jdsm.bench.instrument;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jdsm.bench.harness.BenchArgs;
import org.junit.jupiter.api.Test;

/** SOR block sizes that would put two threads' bands in one block are refused, naming the thread and row. */
class SorBlockRowsTest {

    private static BenchArgs args(String... args) {
        return BenchArgs.parse(args, InstrumentOverhead.OPTIONS);
    }

    @Test
    void blocksThatSplitTheGridAtTheThreadsBandsAreAccepted() {
        assertDoesNotThrow(() -> InstrumentOverhead.requireOwnSorBlocks(args(), 2));
        assertDoesNotThrow(() -> InstrumentOverhead.requireOwnSorBlocks(args("--sor-block-rows", "500"), 2));
        assertDoesNotThrow(() -> InstrumentOverhead.requireOwnSorBlocks(args("--sor-block-rows", "1000"), 1));
    }

    @Test
    void aBlockSharedByTwoBandsIsRefusedWithTheRow() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> InstrumentOverhead.requireOwnSorBlocks(args("--sor-block-rows", "1000"), 2));
        assertTrue(e.getMessage().contains("thread 1's rows start at row 500"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> InstrumentOverhead.requireOwnSorBlocks(args("--sor-n", "999", "--sor-block-rows", "3"), 2));
    }
}

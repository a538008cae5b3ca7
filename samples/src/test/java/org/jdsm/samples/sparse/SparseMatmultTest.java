package org.jdsm.samples.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SparseMatmultTest extends SampleContract {

    SparseMatmultTest() {
        super(SparseMatmult.class, SparseReference.NAME, List.of("3000", "15000", "20"), SparseMatmultPlain::run);
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedYtotal() {
        assertEquals(75.02484945753453, runJob("lrc", 2, 1, List.of()), 1e-10);
    }
}

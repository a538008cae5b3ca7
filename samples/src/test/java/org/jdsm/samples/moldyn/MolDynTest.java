package org.jdsm.samples.moldyn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class MolDynTest extends SampleContract {

    MolDynTest() {
        // MM=5 is the smallest lattice whose cutoff (MM/4) reaches the nearest neighbours: real forces.
        super(MolDyn.class, MolDynReference.NAME, List.of("5", "12"), MolDynPlain::run,
                args -> MolDynReference.sequentialEk(MolDynSize.parse(args)));
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedEk() {
        assertEquals(1731.4306625334357, runJob("lrc", 2, 1, List.of()), 1e-10);
    }
}

package org.jdsm.samples.sor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SorTest extends SampleContract {

    SorTest() {
        super(Sor.class, SorReference.NAME, List.of("64", "10"), SorPlain::run,
                args -> SorReference.sequentialTotal(SorSize.parse(args)));
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedGtotal() {
        assertEquals(0.498574406322512, runJob("lrc", 2, 1, List.of()), 1e-12);
    }
}

package org.jdsm.samples.lufact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LuFactTest extends SampleContract {

    LuFactTest() {
        super(LuFact.class, LuFactReference.NAME, List.of("61"), LuFactPlain::run);
    }

    @Test
    @Timeout(60)
    void sizeAStaysBelowJgfResidualBound() {
        // The job fails unless the normalized residual is below 6.0.
        assertEquals(LuFactPlain.run(2, List.of()), runJob("lrc", 2, 1, List.of()));
    }
}

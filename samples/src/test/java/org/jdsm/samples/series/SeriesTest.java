package org.jdsm.samples.series;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.PlainCodeContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SeriesTest extends PlainCodeContract {

    SeriesTest() {
        super(Series.class, SeriesPlainCode.class, SeriesReference.NAME, List.of("120"), SeriesPlain::run);
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedCoefficients() {
        // The job checks the first four pairs against JGF's table; here the sum of all 10,000 pairs too.
        assertEquals(SeriesPlain.run(2, List.of()), runJob("lrc", 2, 1, List.of()));
    }
}

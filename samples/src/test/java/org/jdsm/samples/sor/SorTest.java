package org.jdsm.samples.sor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.samples.support.PlainCodeContract;
import org.jdsm.samples.support.SampleJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SorTest extends PlainCodeContract {

    SorTest() {
        super(Sor.class, SorPlainCode.class, SorReference.NAME, List.of("64", "10"), SorPlain::run,
                args -> SorReference.sequentialTotal(SorSize.parse(args)));
    }

    @Test
    @Timeout(30)
    void plainCodeUninstrumentedFailsItsValidation() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> SampleJob.run(plainCode(), SorReference.NAME, "lrc", 2, 1, small()));
        assertTrue(e.getMessage().contains("SOR FAIL"), e.getMessage());
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedGtotal() {
        assertEquals(0.498574406322512, runJob("lrc", 2, 1, List.of()), 1e-12);
    }
}

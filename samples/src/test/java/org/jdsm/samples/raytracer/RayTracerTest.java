package org.jdsm.samples.raytracer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.jdsm.samples.support.SampleJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

class RayTracerTest extends SampleContract {

    RayTracerTest() {
        super(RayTracer.class, RayTracer.NAME, List.of("40"), RayTracerPlain::run,
                args -> RayTracerReference.sequentialChecksum(RayTracerSize.parse(args, RayTracer.USAGE)));
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedChecksum() {
        assertEquals(2_676_692, runJob("lrc", 2, 1, List.of()));
    }

    /** JGF size B (500 x 500) takes about 15 s on one thread, so it runs with the scale tests. */
    @Test
    @EnabledIfSystemProperty(named = SampleJob.SCALE_PROPERTY, matches = "true")
    @Timeout(300)
    void sizeBMatchesJgfPublishedChecksum() {
        assertEquals(29_827_635, RayTracerPlain.run(2, List.of("500")));
    }

    @Test
    @Timeout(30)
    void imageIsNotBlank() {
        // A checksum of a black image would be a poor check: the scene must light up most rows.
        int w = 40;
        int[] pixels = new int[w * w];
        Tracer tracer = new Tracer(Scene.jgf());
        int lit = 0;
        for (int y = 0; y < w; y++) {
            tracer.renderRow(y, w, pixels, y * w);
            long row = RayTracerReference.checksum(Arrays.copyOfRange(pixels, y * w, (y + 1) * w));
            lit += row > 0 ? 1 : 0;
        }
        assertTrue(lit > w / 2, lit + " of " + w + " rows lit");
        assertNotEquals(0, RayTracerReference.checksum(pixels));
    }

    @Test
    @Timeout(30)
    void aWrongImageFails() {
        int[] pixels = new int[150 * 150];
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RayTracerReference.validate(RayTracer.NAME, new RayTracerSize(150), pixels, "blank"));
        assertTrue(e.getMessage().startsWith("RayTracer FAIL: checksum = 0 (expected 2676692"), e.getMessage());
    }

    @Test
    @Timeout(10)
    void badWidthIsAUsageError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RayTracerSize.parse(List.of("0"), RayTracer.USAGE));
        assertEquals("usage: RayTracer [WIDTH]; argument 1 must be a positive integer, got '0'", e.getMessage());
    }
}

package org.jdsm.samples.raytracer;

import java.util.Map;
import org.jdsm.samples.support.Validation;

/**
 * How a rendered image is judged: its checksum (the sum of every pixel's red, green and blue) at
 * JGF's sizes against JGF's published value, at any other size against a one-thread render.
 */
final class RayTracerReference {

    /** JGF RayTracer {@code refval} by image width: size A (150) and B (500). */
    private static final Map<Integer, Long> PUBLISHED = Map.of(150, 2_676_692L, 500, 29_827_635L);

    private RayTracerReference() {
    }

    /** The image's checksum: the sum of the colour channels of all pixels (JGF's {@code checksum}). */
    static long checksum(int[] pixels) {
        long sum = 0;
        for (int p : pixels) {
            sum += (p >> 16 & 0xff) + (p >> 8 & 0xff) + (p & 0xff);
        }
        return sum;
    }

    /** One thread renders the whole image: the checksum every parallel render must reproduce. */
    static long sequentialChecksum(RayTracerSize size) {
        int w = size.width();
        int[] pixels = new int[size.pixels()];
        Tracer tracer = new Tracer(Scene.jgf());
        for (int y = 0; y < w; y++) {
            tracer.renderRow(y, w, pixels, y * w);
        }
        return checksum(pixels);
    }

    /** Checks the checksum of {@code pixels}; prints {@code <sample> PASS} or throws. */
    static void validate(String sample, RayTracerSize size, int[] pixels, String summary) {
        long checksum = checksum(pixels);
        Long published = PUBLISHED.get(size.width());
        long expected = published != null ? published : sequentialChecksum(size);
        Validation.of(sample)
                .check(checksum == expected, "checksum = " + checksum + (published != null ? " (JGF published)" : ""),
                        "checksum = " + checksum + " (expected " + expected
                        + (published != null ? ", JGF published)" : ", one-thread render)"))
                .finish(checksum, size + ", " + summary);
    }
}

package org.jdsm.samples.raytracer;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** A ray tracer image: {@code width x width} pixels (JGF size A, 150, by default; size B is 500). */
record RayTracerSize(int width) {

    static RayTracerSize parse(List<String> args, String usage) {
        SampleArgs a = SampleArgs.of(args, usage);
        RayTracerSize size = new RayTracerSize(a.positive(0, 150));
        a.require((long) size.width * size.width <= Integer.MAX_VALUE, "WIDTH*WIDTH must fit in an int");
        return size;
    }

    int pixels() {
        return width * width;
    }

    @Override
    public String toString() {
        return width + "x" + width + " pixels";
    }
}

package org.jdsm.samples.raytracer;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdsm.samples.support.PlainTeam;

/** The ray tracers on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class RayTracerPlain {

    private RayTracerPlain() {
    }

    /** {@link RayTracer} (rows dealt cyclically) on {@code threads} threads; validates, returns the checksum. */
    public static double run(int threads, List<String> args) {
        RayTracerSize size = RayTracerSize.parse(args, RayTracer.USAGE);
        int w = size.width();
        int[] image = new int[size.pixels()];
        Scene scene = Scene.jgf();
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            Tracer tracer = new Tracer(scene);
            for (int y = id; y < w; y += threads) {
                tracer.renderRow(y, w, image, y * w);
            }
        });
        return finish(RayTracer.NAME, size, image, threads, began);
    }

    /** {@link RayTracerQueue} (rows from a shared queue, here an atomic counter) on {@code threads} threads. */
    public static double runQueued(int threads, List<String> args) {
        RayTracerSize size = RayTracerSize.parse(args, RayTracerQueue.USAGE);
        int w = size.width();
        int[] image = new int[size.pixels()];
        Scene scene = Scene.jgf();
        AtomicInteger rows = new AtomicInteger();
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            Tracer tracer = new Tracer(scene);
            for (int y = rows.getAndIncrement(); y < w; y = rows.getAndIncrement()) {
                tracer.renderRow(y, w, image, y * w);
            }
        });
        return finish(RayTracerQueue.NAME, size, image, threads, began);
    }

    private static double finish(String sample, RayTracerSize size, int[] image, int threads, long began) {
        long millis = (System.nanoTime() - began) / 1_000_000;
        RayTracerReference.validate(sample, size, image, "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return RayTracerReference.checksum(image);
    }
}

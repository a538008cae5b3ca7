package org.jdsm.samples.raytracer;

import org.jdsm.Spmd;
import org.jdsm.samples.support.WorkQueue;

/**
 * JESSICA's ray tracer on JDSM: worker threads take the next image row from one shared job queue
 * under a lock ({@link WorkQueue}), so rows go to whoever is free (load balancing at the
 * application level, with every take a remote lock for most threads). The scene, tracing and
 * checksum are the Java Grande ray tracer's ({@link RayTracer}); each row is one block of the
 * shared image, written by acquire, render, release.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.raytracer.RayTracerQueue [WIDTH]}
 * (default: 150 x 150, JGF size A, whose published checksum it must match).
 */
public class RayTracerQueue extends Spmd {

    static final String NAME = "RayTracerQueue";
    static final String USAGE = "RayTracerQueue [WIDTH]";

    private RayTracerSize size;
    private Scene scene;
    private WorkQueue rows;
    private int[] image;

    @Override
    public void init() {
        size = RayTracerSize.parse(args(), USAGE);
        scene = Scene.jgf();
        rows = pool.register(new WorkQueue());
        image = pool.register(new int[size.pixels()], size.width());
    }

    @Override
    public void start() {
        int w = size.width();
        Tracer tracer = new Tracer(scene);
        barrier();
        long began = System.nanoTime();
        int taken = 0;
        for (int y = rows.take(pool, w); y < w; y = rows.take(pool, w)) {
            pool.acquire(image, y * w);
            tracer.renderRow(y, w, image, y * w);
            pool.release(image, y * w);
            taken++;
        }
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(image);
            RayTracerReference.validate(NAME, size, image, nodes() + " nodes x " + threadsPerNode()
                    + " threads, thread 0 took " + taken + " rows, kernel " + millis + " ms");
        }
    }
}

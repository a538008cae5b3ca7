package org.jdsm.samples.raytracer;

import org.jdsm.Distribution;
import org.jdsm.Spmd;

/**
 * Java Grande RayTracer (section 3) on JDSM: renders JGF's scene of 64 spheres into one shared
 * {@code int[]} image with one block per row, rows dealt out cyclically. Each row's block is
 * homed on the node of the thread that renders it, so a thread writes (acquire, render, release)
 * only rows of its own node. After a barrier node 0 reads the whole image and checks the sum of
 * its colour channels against JGF's published checksum (at other sizes, against a one-thread
 * render): the same for any number of nodes and threads.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.raytracer.RayTracer [WIDTH]}
 * (default: JGF size A, 150 x 150; size B is 500).
 */
public class RayTracer extends Spmd {

    static final String NAME = "RayTracer";
    static final String USAGE = "RayTracer [WIDTH]";

    private RayTracerSize size;
    private Scene scene;
    private int[] image;

    @Override
    public void init() {
        size = RayTracerSize.parse(args(), USAGE);
        scene = Scene.jgf();
        image = pool.register(new int[size.pixels()], size.width(), Distribution.CYCLIC);
    }

    @Override
    public void start() {
        int w = size.width();
        Tracer tracer = new Tracer(scene);
        // Row y is homed on node y mod nodes (CYCLIC); that node's threads take its rows in turn.
        int local = myThread() % threadsPerNode();
        barrier();
        long began = System.nanoTime();
        for (int y = myNode() + nodes() * local; y < w; y += threads()) {
            pool.acquire(image, y * w);
            tracer.renderRow(y, w, image, y * w);
            pool.release(image, y * w);
        }
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(image);
            RayTracerReference.validate(NAME, size, image,
                    nodes() + " nodes x " + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }
}

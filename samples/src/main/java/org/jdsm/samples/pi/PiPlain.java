package org.jdsm.samples.pi;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdsm.samples.support.PlainTeam;

/** The same pi integration on plain Java threads in one JVM, the queue an atomic counter. */
public final class PiPlain {

    private PiPlain() {
    }

    /** Runs Pi with {@code args} as for {@link Pi} on {@code threads} threads, validates, returns pi. */
    public static double run(int threads, List<String> args) {
        PiSize size = PiSize.parse(args);
        double[] chunkSums = new double[size.chunks()];
        AtomicInteger queue = new AtomicInteger();
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            for (int c = queue.getAndIncrement(); c < size.chunks(); c = queue.getAndIncrement()) {
                chunkSums[c] = PiKernel.chunk(size, c);
            }
        });
        long millis = (System.nanoTime() - began) / 1_000_000;
        double pi = PiKernel.total(chunkSums);
        PiReference.validate(size, pi, "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return pi;
    }
}

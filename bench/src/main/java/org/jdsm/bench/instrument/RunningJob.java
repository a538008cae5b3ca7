package org.jdsm.bench.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.jdsm.runtime.InJvmJob;

/** A one-node {@code DrivenKernel} job running in this JVM, on its own thread, until closed. */
final class RunningJob implements AutoCloseable {

    private final String key = "instrument-" + UUID.randomUUID();
    private final Channel channel = Channel.open(key);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;

    /**
     * Starts {@code jobClass} loaded through {@code loader} on one node of {@code threads} threads;
     * {@code data} is {@code shared} or {@code private}.
     */
    RunningJob(String jobClass, ClassLoader loader, int threads, String protocol, String data, List<String> args) {
        List<String> all = new ArrayList<>(List.of(key, data));
        all.addAll(args);
        InJvmJob job = InJvmJob.of(jobClass, loader).nodes(1).threadsPerNode(threads).protocol(protocol).args(all);
        thread = new Thread(() -> {
            try {
                job.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "bench-" + jobClass.substring(jobClass.lastIndexOf('.') + 1));
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs {@code iterations} iterations; returns wall and thread 0's CPU nanoseconds per iteration. */
    double[] iterate(int iterations) throws InterruptedException {
        return call(iterations);
    }

    /** A checksum of the job's data. */
    double checksum() throws InterruptedException {
        return call(Channel.CHECKSUM)[0];
    }

    private double[] call(long command) throws InterruptedException {
        channel.send(command);
        while (true) {
            double[] reply = channel.poll(100);
            if (reply != null) {
                return reply;
            }
            if (!thread.isAlive()) {
                throw new IllegalStateException("the job stopped", failure.get());
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        channel.send(Channel.STOP);
        thread.join(10_000);
        channel.close(key);
    }
}

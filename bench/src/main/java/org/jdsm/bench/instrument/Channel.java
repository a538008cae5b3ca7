package org.jdsm.bench.instrument;

import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Hands commands from the benchmark to a running job and results back. Loaded once by the
 * benchmark's class loader (it is outside the instrumented package), so a job loaded instrumented
 * and one loaded plain reach the same channels, by key.
 */
public final class Channel {

    /** Command: stop the job. */
    public static final long STOP = -1;
    /** Command: answer a checksum of the shared data. */
    public static final long CHECKSUM = 0;

    private static final Map<String, Channel> CHANNELS = new ConcurrentHashMap<>();

    private final BlockingQueue<Long> commands = new LinkedBlockingQueue<>();
    private final BlockingQueue<double[]> replies = new LinkedBlockingQueue<>();

    /** A new channel under {@code key}. */
    static Channel open(String key) {
        Channel c = new Channel();
        CHANNELS.put(key, c);
        return c;
    }

    /** The channel under {@code key}, for the job. */
    public static Channel of(String key) {
        Channel c = CHANNELS.get(key);
        if (c == null) {
            throw new IllegalStateException("no channel " + key);
        }
        return c;
    }

    /** The next command: {@link #STOP}, {@link #CHECKSUM} or a number of iterations. */
    public long next() {
        try {
            return commands.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return STOP;
        }
    }

    /** The job's answer to the last command. */
    public void reply(double... values) {
        replies.add(values);
    }

    void send(long command) {
        commands.add(command);
    }

    /** The next reply, or null after {@code millis} without one. */
    double[] poll(long millis) throws InterruptedException {
        return replies.poll(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    void close(String key) {
        CHANNELS.remove(key);
    }
}

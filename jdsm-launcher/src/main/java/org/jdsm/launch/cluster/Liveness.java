package org.jdsm.launch.cluster;

import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Heartbeats on one link of a submit job, both ways: sends {@link FrameType#BEAT} twice a second and
 * reports the other side as gone after {@link #SILENCE_MILLIS} without any frame from it (after
 * {@link #FIRST_FRAME_MILLIS} before its first). A closed
 * stream is noticed at once by its reader; this catches what a stream does not tell, like a host
 * that lost power or a network cable pulled, in time to end the job within seconds.
 *
 * <p>Every link carries data too, and data waits for slow consumers (a paused {@code | less}, a rank
 * that has not read its stdin yet): that is flow control, not silence. So a reader that is stuck
 * handing a frame on ({@link #delivering}) is not a silent peer, and a beat never waits behind a
 * stuck frame ({@link FrameOutput#sendIfIdle}): the silence check keeps running.
 */
public final class Liveness implements AutoCloseable {

    /** How long the other side may stay silent; the job must end within 5 s of a failure. */
    public static final long SILENCE_MILLIS = 3_000;
    /** How long the first frame may take: the other side may be a JVM still starting on a busy host. */
    public static final long FIRST_FRAME_MILLIS = 60_000;
    /** Often enough that silence is noticed well within the 5 s bound. */
    private static final long BEAT_MILLIS = 500;

    private final ScheduledExecutorService timer;
    private volatile long lastHeard = System.nanoTime();
    private volatile boolean heardOnce;
    private volatile boolean reported;
    private volatile boolean busy;

    /**
     * Starts beating on {@code out} and watching.
     *
     * @param name     names the timer thread
     * @param out      where the beats go
     * @param onSilent told once, with how long it has been silent, when the other side has gone quiet
     */
    public Liveness(String name, FrameOutput out, Consumer<String> onSilent) {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jdsm-liveness-" + name);
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(() -> {
            out.sendIfIdle(FrameType.BEAT, new byte[0]);
            long silent = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastHeard);
            if (silent > (heardOnce ? SILENCE_MILLIS : FIRST_FRAME_MILLIS) && !busy && !reported) {
                reported = true;
                onSilent.accept("no sign of life for " + silent / 1000.0 + " s");
            }
        }, BEAT_MILLIS, BEAT_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Call on every frame received. */
    public void heard() {
        lastHeard = System.nanoTime();
        heardOnce = true;
    }

    /** Hands a received frame on, the way {@link #delivering} does. */
    @FunctionalInterface
    public interface Delivery {
        /** Passes the frame to its consumer; may block as long as that consumer does. */
        void run() throws IOException;
    }

    /**
     * Runs {@code delivery} of a frame just received to a consumer that may block: while it blocks,
     * this side does not read, so the other side's silence is not counted.
     */
    public void delivering(Delivery delivery) throws IOException {
        busy = true;
        try {
            delivery.run();
        } finally {
            lastHeard = System.nanoTime(); // the silence counts from when we read again
            busy = false;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

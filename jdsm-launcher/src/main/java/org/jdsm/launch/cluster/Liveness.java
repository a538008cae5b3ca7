package org.jdsm.launch.cluster;

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
            out.trySend(FrameType.BEAT, new byte[0]);
            long silent = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastHeard);
            if (silent > (heardOnce ? SILENCE_MILLIS : FIRST_FRAME_MILLIS) && !reported) {
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

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

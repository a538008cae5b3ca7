package org.jdsm;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jdsm.runtime.JobFrames;

/**
 * One thread's wait in the DSM, which says on stderr where it waits once it has waited long (after
 * {@code jdsm.longWaitSeconds}, 60 by default, then each time the wait has doubled). A job that
 * can never go on (a block acquired and never released, a node stuck before a barrier) then shows
 * which call of the job waits, instead of only hanging; a long but healthy wait costs one line.
 */
final class LongWait {

    private static final long FIRST_NOTICE_NANOS = TimeUnit.SECONDS.toNanos(Long.getLong("jdsm.longWaitSeconds", 60));

    private final long began = System.nanoTime();
    private long noticeAfter = FIRST_NOTICE_NANOS;

    /**
     * Called on each wake-up of the wait loop: prints the notice when it is due. {@code why} says
     * what the thread waits for, where this node knows it (else it gives null).
     */
    void check(Supplier<String> why) {
        long waited = System.nanoTime() - began;
        if (waited >= noticeAfter && !HelperThreads.isHelper()) {
            noticeAfter = 2 * waited;
            String known = why.get();
            System.err.println("jdsm: warning: thread '" + Thread.currentThread().getName() + "' has waited "
                    + TimeUnit.NANOSECONDS.toSeconds(waited) + " s in " + jobCall() + "; "
                    + (known != null ? known : "what it waits for is held elsewhere (a block acquired and not released, a lock not"
                    + " unlocked), or a thread or node has not reached the barrier"));
        }
    }

    /** What a wait for something {@code holder} holds waits for, for {@link #check}; null if the holder is not known. */
    static String heldBy(String holder) {
        return holder == null ? null : "what it waits for is held by " + holder + " (not released or unlocked yet)";
    }

    /** The job's call into the DSM that waits: the outermost frame of package org.jdsm and its caller. */
    private static String jobCall() {
        List<StackWalker.StackFrame> frames = StackWalker.getInstance().walk(s -> s.collect(Collectors.toList()));
        int api = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (JobFrames.isApi(frames.get(i).getClassName())) {
                api = i;
            }
        }
        if (api < 0) {
            return "the DSM";
        }
        StackWalker.StackFrame call = frames.get(api);
        String name = call.getClassName().substring(call.getClassName().lastIndexOf('.') + 1) + "." + call.getMethodName();
        for (int i = api + 1; i < frames.size(); i++) {
            if (!frames.get(i).getClassName().startsWith("org.jdsm.instrument.runtime.")) {
                return name + " called at " + JobFrames.where(frames.get(i).toStackTraceElement());
            }
        }
        return name;
    }
}

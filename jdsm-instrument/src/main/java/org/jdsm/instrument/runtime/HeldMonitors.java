package org.jdsm.instrument.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The monitors the calling thread entered through instrumented {@code synchronized} blocks and
 * methods while running {@code start()} or {@code fin()}, innermost last, each with what its entry
 * took: the JDSM lock of a shared object, the job-wide lock of the job object's monitor, or nothing
 * (a private monitor, which excludes only this node's threads). Rewritten code may call
 * {@link Checks#exit} twice for one monitor (once on the normal path, again in the compiler's
 * catch-all handler if the first call threw), or for a monitor whose entry was never recorded (its
 * {@link Checks#enter} threw): only an entry recorded here is ever unlocked, and only once.
 */
final class HeldMonitors {

    /** What entering a monitor took. */
    enum Kind {
        /** The JDSM lock of the shared object itself. */
        SHARED,
        /** The job-wide lock that stands for the job object's monitor ({@link Checks#JOB_LOCK}). */
        JOB,
        /** Nothing job-wide: the monitor of an object that is not shared. */
        PRIVATE
    }

    private record Entry(Object monitor, Kind kind) {
    }

    private static final ThreadLocal<List<Entry>> HELD = ThreadLocal.withInitial(ArrayList::new);

    private HeldMonitors() {
    }

    static void push(Object monitor, Kind kind) {
        HELD.get().add(new Entry(monitor, kind));
    }

    /** Removes the innermost entry for {@code monitor} and returns its kind; null if there is none. */
    static Kind pop(Object monitor) {
        List<Entry> held = HELD.get();
        for (int i = held.size() - 1; i >= 0; i--) {
            if (held.get(i).monitor() == monitor) {
                return held.remove(i).kind();
            }
        }
        return null;
    }

    /**
     * The innermost private monitor the thread holds if it holds no job-wide lock through a monitor
     * (so a shared write here is excluded from this node's threads only); null otherwise.
     */
    static Object onlyPrivate() {
        List<Entry> held = HELD.get();
        if (held.isEmpty()) {
            return null;
        }
        for (Entry e : held) {
            if (e.kind() != Kind.PRIVATE) {
                return null;
            }
        }
        return held.get(held.size() - 1).monitor();
    }
}

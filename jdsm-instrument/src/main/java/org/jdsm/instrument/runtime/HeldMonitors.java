package org.jdsm.instrument.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The monitors the calling thread entered through instrumented {@code synchronized} blocks and
 * methods while running {@code start()} or {@code fin()}, innermost last, each with what its entry
 * took: the JDSM lock of a shared object, a job-wide named lock (the job object's monitor, a
 * static field's, a class's), or nothing (a private monitor, which excludes only this node's
 * threads). Rewritten code may call {@link Checks#exit} twice for one monitor (once on the normal
 * path, again in the compiler's catch-all handler if the first call threw), or for a monitor whose
 * entry was never recorded (its {@link Checks#enter} threw): only an entry recorded here is ever
 * unlocked, and only once.
 */
final class HeldMonitors {

    /** What entering a monitor took. */
    enum Kind {
        /** The JDSM lock of the shared object itself. */
        SHARED,
        /** The job-wide lock called {@link Entry#lock}. */
        NAMED,
        /** Nothing job-wide: the monitor of an object with no job-wide identity. */
        PRIVATE
    }

    /** One entry of {@code monitor}; {@code lock} is the named lock's name, null unless {@link Kind#NAMED}. */
    record Entry(Object monitor, Kind kind, String lock) {
    }

    private static final ThreadLocal<List<Entry>> HELD = ThreadLocal.withInitial(ArrayList::new);

    private HeldMonitors() {
    }

    static void push(Entry entry) {
        HELD.get().add(entry);
    }

    /** Removes and returns the innermost entry for {@code monitor}; null if there is none. */
    static Entry pop(Object monitor) {
        List<Entry> held = HELD.get();
        for (int i = held.size() - 1; i >= 0; i--) {
            if (held.get(i).monitor() == monitor) {
                return held.remove(i);
            }
        }
        return null;
    }

    /** The job-wide lock (a name, or the shared object) the thread holds through {@code monitor}; null if none. */
    static Entry jobWide(Object monitor) {
        for (Entry e : HELD.get()) {
            if (e.monitor() == monitor && e.kind() != Kind.PRIVATE) {
                return e;
            }
        }
        return null;
    }

    /** True if the thread holds a job-wide lock through a monitor. */
    static boolean holdsJobWide() {
        for (Entry e : HELD.get()) {
            if (e.kind() != Kind.PRIVATE) {
                return true;
            }
        }
        return false;
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

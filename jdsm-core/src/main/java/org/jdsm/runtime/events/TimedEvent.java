package org.jdsm.runtime.events;

import jdk.jfr.Category;
import jdk.jfr.Event;
import org.jdsm.runtime.DsmStats;

/**
 * A JDSM event that also feeds the matching {@link DsmStats} time counter, so the counter and the
 * recording measure the same span. Subclasses are created only where a wait or diff really happens,
 * never on the fast path; while no recording runs, one costs an allocation and a flag check.
 */
@Category("JDSM")
abstract class TimedEvent extends Event {

    /** When the span began, for the counter (transient: not part of the recorded event). */
    private transient long startNanos;

    /** Starts {@code event}'s span now. */
    static <E extends TimedEvent> E started(E event) {
        TimedEvent timed = event;
        timed.startNanos = System.nanoTime();
        if (timed.isEnabled()) {
            timed.begin();
        }
        return event;
    }

    /** Ends the span: adds it to {@code counter}; true if the event is to be committed (enabled, over threshold). */
    final boolean stop(DsmStats stats, DsmStats.Counter counter) {
        stats.add(counter, System.nanoTime() - startNanos);
        return shouldCommit();
    }
}

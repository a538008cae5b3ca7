package org.jdsm.runtime.events;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import org.jdsm.runtime.DsmStats;

/**
 * A user thread was inside {@code barrier()}: waiting for the other threads and nodes while the writes
 * are published. Its duration is also added to {@code BARRIER_WAIT_NANOS}.
 */
@Name("org.jdsm.BarrierWait")
@Label("DSM Barrier Wait")
@Description("A thread was inside the job-wide barrier")
public final class BarrierWaitEvent extends TimedEvent {

    private BarrierWaitEvent() {
    }

    /** Starts timing a barrier now. */
    public static BarrierWaitEvent begun() {
        return started(new BarrierWaitEvent());
    }

    /** Ends the barrier: counts it in {@code stats} and records the event if enabled. */
    public void end(DsmStats stats) {
        if (stop(stats, DsmStats.Counter.BARRIER_WAIT_NANOS)) {
            commit();
        }
    }
}

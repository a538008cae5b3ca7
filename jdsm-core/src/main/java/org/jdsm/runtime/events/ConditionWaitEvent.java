package org.jdsm.runtime.events;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import org.jdsm.runtime.DsmStats;

/**
 * A user thread slept in a condition wait ({@code await}, or instrumented {@code wait()} on a
 * job-wide monitor) until woken or timed out. Its duration is also added to
 * {@code CONDITION_WAIT_NANOS}; taking the lock again afterwards is a {@link LockWaitEvent}.
 */
@Name("org.jdsm.ConditionWait")
@Label("DSM Condition Wait")
@Description("A thread waited for a signal on a DSM lock")
public final class ConditionWaitEvent extends TimedEvent {

    @Label("Lock")
    @Description("Lock id (see org.jdsm.LockIds)")
    long lock;

    @Label("Woken")
    @Description("True if a signal woke it, false if its time-out ran out")
    boolean woken;

    private ConditionWaitEvent() {
    }

    /** Starts timing a wait now. */
    public static ConditionWaitEvent begun() {
        return started(new ConditionWaitEvent());
    }

    /** Ends the wait: counts it in {@code stats} and records the event if enabled. */
    public void end(DsmStats stats, long lock, boolean woken) {
        stats.increment(DsmStats.Counter.CONDITION_WAITS);
        if (stop(stats, DsmStats.Counter.CONDITION_WAIT_NANOS)) {
            this.lock = lock;
            this.woken = woken;
            commit();
        }
    }
}

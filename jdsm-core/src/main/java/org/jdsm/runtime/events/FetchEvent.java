package org.jdsm.runtime.events;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import org.jdsm.runtime.DsmStats;

/**
 * A user thread waited for a block to arrive (its fetch from the home, another local thread's fetch,
 * at the home the diffs the block still needs, under SC the grant of a copy). Its duration is the
 * wait, which is also added to {@code FETCH_WAIT_NANOS}.
 */
@Name("org.jdsm.Fetch")
@Label("DSM Fetch Wait")
@Description("A thread waited for a shared block to become current on this node")
public final class FetchEvent extends BlockEvent {

    @Label("Home")
    @Description("Home node of the block")
    int home;

    private FetchEvent() {
    }

    /** Starts timing a wait now. */
    public static FetchEvent begun() {
        return started(new FetchEvent());
    }

    /** Ends the wait: counts it in {@code stats} and records the event if enabled. */
    public void end(DsmStats stats, int object, int block, int home) {
        if (stop(stats, DsmStats.Counter.FETCH_WAIT_NANOS)) {
            at(object, block);
            this.home = home;
            commit();
        }
    }
}

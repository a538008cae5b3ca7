package org.jdsm.runtime.events;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import org.jdsm.runtime.DsmStats;

/**
 * A user thread waited for a DSM lock (named, object or block lock) to be granted to this node. Its
 * duration is also added to {@code LOCK_WAIT_NANOS}.
 */
@Name("org.jdsm.LockWait")
@Label("DSM Lock Wait")
@Description("A thread waited for a DSM lock to be granted to this node")
public final class LockWaitEvent extends TimedEvent {

    @Label("Lock")
    @Description("Lock id (see org.jdsm.LockIds)")
    long lock;

    @Label("Remote")
    @Description("True if the grant came through another node")
    boolean remote;

    private LockWaitEvent() {
    }

    /** Starts timing a wait now. */
    public static LockWaitEvent begun() {
        return started(new LockWaitEvent());
    }

    /** Ends the wait: counts it in {@code stats} and records the event if enabled. */
    public void end(DsmStats stats, long lock, boolean remote) {
        if (stop(stats, DsmStats.Counter.LOCK_WAIT_NANOS)) {
            this.lock = lock;
            this.remote = remote;
            commit();
        }
    }
}

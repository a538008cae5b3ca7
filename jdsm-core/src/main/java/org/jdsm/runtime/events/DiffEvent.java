package org.jdsm.runtime.events;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import org.jdsm.runtime.DsmStats;

/**
 * A diff was computed from a twin (by a writer, at a release or barrier) or applied to the master copy
 * at the block's home. Its duration is also added to {@code DIFF_NANOS}.
 */
@Name("org.jdsm.Diff")
@Label("DSM Diff")
@Description("Computing a block's diff against its twin, or applying a received diff at the block's home")
public final class DiffEvent extends BlockEvent {

    @Label("Elements")
    @Description("Array elements, or a single object's fields, the diff changes")
    long elements;

    @Label("Applied")
    @Description("True if the diff was applied at the home, false if a writer computed it")
    boolean applied;

    private DiffEvent() {
    }

    /** Starts timing diff work now. */
    public static DiffEvent begun() {
        return started(new DiffEvent());
    }

    /** Ends the diff work: counts it in {@code stats} and records the event if enabled. */
    public void end(DsmStats stats, int object, int block, long elements, boolean applied) {
        if (stop(stats, DsmStats.Counter.DIFF_NANOS)) {
            at(object, block);
            this.elements = elements;
            this.applied = applied;
            commit();
        }
    }
}

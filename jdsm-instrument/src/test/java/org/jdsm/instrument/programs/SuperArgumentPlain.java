package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A constructor that passes a field of a shared object to its superclass's constructor: that
 * read comes before {@code super(...)} returns, where the object under construction is not yet
 * initialized, but the shared object it reads is. Node 0 changes the field; every thread then
 * constructs a snapshot.
 */
public class SuperArgumentPlain extends Spmd {

    /** Holds a value given to its constructor. */
    static class Snapshot {
        final long seen;

        Snapshot(long seen) {
            this.seen = seen;
        }
    }

    /** Takes the value from a shared counter, in the argument of super(...). */
    static final class CounterSnapshot extends Snapshot {
        CounterSnapshot(Counter counter) {
            super(counter.value);
        }
    }

    Counter counter;

    @Override
    public void init() {
        counter = pool.register(new Counter()); // key 0: homed on node 0
    }

    @Override
    public void start() {
        long before = new CounterSnapshot(counter).seen; // every node now has a copy
        barrier();
        if (myThread() == 0) {
            counter.value = 42;
        }
        barrier();
        long seen = new CounterSnapshot(counter).seen;
        AliasesPlain.check(seen == 42, "snapshot saw " + seen + " (before: " + before + ")");
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}

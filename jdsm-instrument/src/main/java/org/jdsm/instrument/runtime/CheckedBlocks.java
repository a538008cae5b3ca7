package org.jdsm.instrument.runtime;

import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.IntSupplier;
import org.jdsm.SharedObject;
import org.jdsm.SharedObjectForBlock;
import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.SpmdThreads;

/**
 * What the calling thread has checked since its last synchronization, block by block. A check
 * stays good until then (see {@link SharedObjectPool#syncCounter()}), so repeating one (a loop
 * entered once per row, a helper called in a loop) costs a lookup here instead of a pool call;
 * the object checked last is remembered apart, which makes the usual repeat a few compares.
 * One per thread running {@code start()}.
 */
final class CheckedBlocks {

    private static final ThreadLocal<CheckedBlocks> CURRENT = new ThreadLocal<>();

    /** Blocks of one object checked in this interval (written ones are current for reading too). */
    private static final class Marks {
        final SharedObject shared;
        final BitSet read = new BitSet();
        final BitSet written = new BitSet();

        Marks(SharedObject shared) {
            this.shared = shared;
        }
    }

    /** Stands for "not shared" in {@link #marks}. */
    private static final Marks PRIVATE = new Marks(null);

    private final SharedObjectPool pool;
    private final IntSupplier syncs;
    private final Map<Object, Marks> marks = new IdentityHashMap<>();
    private int interval;
    private Object lastObject;
    private Marks lastMarks;

    private CheckedBlocks(SharedObjectPool pool) {
        this.pool = pool;
        this.syncs = pool.syncCounter();
        this.interval = syncs.getAsInt();
    }

    /** The calling thread's record; null unless it runs {@code start()} (then nothing is checked). */
    static CheckedBlocks current() {
        CheckedBlocks c = CURRENT.get();
        if (c == null) {
            SharedObjectPool pool = SpmdThreads.pool();
            if (pool == null) {
                return null;
            }
            c = new CheckedBlocks(pool);
            CURRENT.set(c);
        }
        if (c.interval != c.syncs.getAsInt()) {
            c.marks.clear(); // the thread synchronized: every check must be made again
            c.lastObject = null;
            c.interval = c.syncs.getAsInt();
        }
        return c;
    }

    /** The shared object {@code obj} is, or null if it is not shared. */
    SharedObject shared(Object obj) {
        return obj == null ? null : marks(obj).shared;
    }

    /** Checks blocks {@code [first, last]} of the shared array {@code so}, each at most once per interval. */
    void checkBlocks(SharedObjectForBlock so, int first, int last, boolean write) {
        Marks m = marks(so.object());
        BitSet done = write ? m.written : m.read;
        for (int b = done.nextClearBit(first); b <= last; b = done.nextClearBit(b + 1)) {
            if (write) {
                pool.writeCheck(so.object(), so.blockStart(b));
            } else if (!m.written.get(b)) {
                pool.readCheck(so.object(), so.blockStart(b));
            }
            done.set(b);
        }
    }

    /** Checks a whole shared object (its fields, or all of an array) once per interval. */
    void checkAll(SharedObject so, boolean write) {
        Marks m = marks(so.object());
        BitSet done = write ? m.written : m.read;
        if (done.nextClearBit(0) < so.blockCount()) {
            if (write) {
                pool.writeCheck(so.object());
            } else {
                pool.readCheck(so.object());
            }
            done.set(0, so.blockCount());
        }
    }

    private Marks marks(Object obj) {
        if (obj != lastObject) {
            Marks m = marks.get(obj);
            if (m == null) {
                SharedObject so = pool.registered(obj);
                m = so == null ? PRIVATE : new Marks(so);
                marks.put(obj, m);
            }
            lastObject = obj;
            lastMarks = m;
        }
        return lastMarks;
    }
}

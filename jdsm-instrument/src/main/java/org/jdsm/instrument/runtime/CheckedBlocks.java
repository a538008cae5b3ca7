package org.jdsm.instrument.runtime;

import java.util.Arrays;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.IntSupplier;
import org.jdsm.SharedObject;
import org.jdsm.SharedObjectForBlock;
import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.ElementBlock;
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
    /** Every shared object's marks by key, kept across intervals so that a new interval allocates none. */
    private Marks[] byKey = new Marks[0];
    private int interval;
    /** The method whose result this thread's running call writes into ({@link WrittenResults}), or null. */
    String writtenResultOf;
    private Object lastObject;
    private Marks lastMarks;
    /**
     * The element blocks ({@link Checks#readElementBlock}) checked last in this interval, for
     * reading and for writing: the usual repeat, the next kept element of the same block after a
     * call made the method forget its own, costs a compare.
     */
    private ElementBlock lastRead;
    private ElementBlock lastWritten;

    private CheckedBlocks(SharedObjectPool pool) {
        this.pool = pool;
        this.syncs = pool.syncCounter();
        this.interval = syncs.getAsInt();
    }

    /**
     * The calling thread's record for an access to {@code obj}; null unless it runs {@code start()}
     * or {@code fin()} (then nothing is checked, and {@link OffThreadAccess} warns if {@code obj} is
     * shared).
     */
    static CheckedBlocks forAccess(Object obj) {
        CheckedBlocks c = current();
        if (c == null) {
            OffThreadAccess.noteIfShared(obj);
        }
        return c;
    }

    /** The calling thread's record; null unless it runs {@code start()} or {@code fin()} (then nothing is checked). */
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
            c.lastRead = null;
            c.lastWritten = null;
            c.interval = c.syncs.getAsInt();
        }
        return c;
    }

    /** The shared object {@code obj} is, or null if it is not shared. */
    SharedObject shared(Object obj) {
        return obj == null ? null : marks(obj).shared;
    }

    /**
     * Checks blocks {@code [first, last]} of the shared array {@code so}, each at most once per
     * interval, with one pool call per run of unchecked blocks.
     */
    void checkBlocks(SharedObjectForBlock so, int first, int last, boolean write) {
        Marks m = marks(so.object());
        BitSet done = write ? m.written : m.read;
        for (int b = done.nextClearBit(first); b <= last; b = done.nextClearBit(b)) {
            if (!write && m.written.get(b)) {
                done.set(b); // written blocks are current for reading too
                continue;
            }
            int end = runEnd(done, b, last + 1);
            if (!write) {
                end = runEnd(m.written, b, end);
            }
            if (write) {
                pool.writeCheckBlocks(so, b, end);
            } else {
                pool.readCheckBlocks(so, b, end);
            }
            done.set(b, end);
            b = end;
        }
    }

    /** The first set bit of {@code bits} in {@code [from, limit)}, or {@code limit}. */
    private static int runEnd(BitSet bits, int from, int limit) {
        int set = bits.nextSetBit(from);
        return set < 0 || set > limit ? limit : set;
    }

    /** True if {@code block} was the last element block checked in this interval for {@code write} (a written one serves reads too). */
    boolean checkedLast(ElementBlock block, boolean write) {
        return block == lastWritten || !write && block == lastRead;
    }

    /** Checks one element block (or single shared object) of this thread's pool, at most once per interval; remembers it as the last ({@link #checkedLast}). */
    void checkElementBlock(ElementBlock block, boolean write) {
        if (block.shared() instanceof SharedObjectForBlock blocks) {
            checkBlocks(blocks, block.block(), block.block(), write);
        } else {
            checkAll(block.shared(), write); // a single shared object, through an object it holds
        }
        if (write) {
            lastWritten = block;
        } else {
            lastRead = block;
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
                m = so == null ? PRIVATE : cleared(so);
                marks.put(obj, m);
            }
            lastObject = obj;
            lastMarks = m;
        }
        return lastMarks;
    }

    /** The marks of {@code so}, emptied: it is looked up once per interval (then {@link #marks} holds it). */
    private Marks cleared(SharedObject so) {
        if (so.key() >= byKey.length) {
            byKey = Arrays.copyOf(byKey, Math.max(so.key() + 1, byKey.length * 2));
        }
        Marks m = byKey[so.key()];
        if (m == null) {
            m = new Marks(so);
            byKey[so.key()] = m;
        } else {
            m.read.clear();
            m.written.clear();
        }
        return m;
    }
}

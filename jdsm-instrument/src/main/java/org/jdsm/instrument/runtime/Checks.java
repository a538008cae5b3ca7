package org.jdsm.instrument.runtime;

import java.util.List;
import java.util.Set;
import org.jdsm.DsmException;
import org.jdsm.JobAbortedException;
import org.jdsm.SharedObject;
import org.jdsm.SharedObjectForBlock;
import org.jdsm.SharedObjectPool;
import org.jdsm.Spmd;
import org.jdsm.content.ElementSlots;
import org.jdsm.runtime.ElementBlock;
import org.jdsm.runtime.RowBlocks;
import org.jdsm.runtime.SharedClasses;
import org.jdsm.runtime.SlotAware;
import org.jdsm.runtime.SpmdThreads;

/**
 * What rewritten user code calls. The rewriter keeps, per access site and method invocation, the
 * last array and element range a check returned, and calls in here only when an access leaves
 * that range or after anything that may synchronize (every such call, monitor and exception
 * handler); accesses in counted loops are checked once before the loop for the whole range
 * ({@link #readRange}, {@link #writeRange}). Under both, {@link CheckedBlocks} remembers per thread
 * what it checked since its last synchronization, so each block costs the pool one
 * {@code readCheck}/{@code writeCheck} per interval: what the pool's contract makes enough (a block
 * made current stays good for this thread until its next synchronization, and write permission
 * lasts until then).
 *
 * <p>Only threads running {@code start()} or {@code fin()} are checked; elsewhere ({@code init()},
 * threads the job starts itself) accesses are plain, and a shared object touched on a thread of
 * the job's own while its node runs {@code start()} is reported once ({@link OffThreadAccess}).
 */
public final class Checks {

    /**
     * The job-wide lock that the job object's own monitor ({@code synchronized (this)} in the
     * {@code Spmd} class, its {@code synchronized} methods) takes: each node has its own job
     * object, but the program means one.
     */
    static final String JOB_LOCK = "org.jdsm.instrument:job-monitor";

    /** Element types whose instances never change: an array of them hands out nothing to write. */
    private static final Set<Class<?>> IMMUTABLE = Set.of(String.class, Integer.class, Long.class,
            Double.class, Float.class, Short.class, Byte.class, Character.class, Boolean.class);

    private Checks() {
    }

    /** Read check of {@code array[index]}; returns the range ({@link Ranges}) the site may read unchecked. */
    public static long read(Object array, int index) {
        return element(array, index, false);
    }

    /** Write check of {@code array[index]}; returns the range ({@link Ranges}) the site may write unchecked. */
    public static long write(Object array, int index) {
        return element(array, index, true);
    }

    /**
     * Read check of {@code array[index]} where {@code array} may have been loaded before the
     * thread's last synchronization (a row kept in a local across a barrier, a parameter, a field):
     * if it is a row of a shared array of arrays ({@link RowBlocks}), the row's block is checked
     * again, as its load was; then as {@link #read}.
     */
    public static long readKept(Object array, int index) {
        keptRow(array, false);
        return element(array, index, false);
    }

    /** Write check of {@code array[index]}, {@code array} maybe kept from before a synchronization: as {@link #readKept}. */
    public static long writeKept(Object array, int index) {
        keptRow(array, true);
        return element(array, index, true);
    }

    /** Before a loop: {@link #readRange}, {@code array} maybe kept from before a synchronization, as {@link #readKept}. */
    public static long readKeptRange(Object array, int first, int last) {
        keptRow(array, false);
        return range(array, first, last, false);
    }

    /** Before a loop: {@link #writeRange}, {@code array} maybe kept from before a synchronization, as {@link #readKept}. */
    public static long writeKeptRange(Object array, int first, int last) {
        keptRow(array, true);
        return range(array, first, last, true);
    }

    /**
     * Checks the block of the shared array of arrays that {@code array} is a row of, if any: before
     * an access through an array that may be kept from before a synchronization, and before the
     * bulk and reflective calls, which see an array only as an argument, wherever it came from.
     */
    private static void keptRow(Object array, boolean write) {
        ElementBlock row = RowBlocks.of(array);
        if (row != null) {
            elementBlock(row, write);
        }
    }

    private static long element(Object array, int index, boolean write) {
        if (!SharedClasses.mayBeShared(array)) {
            return Ranges.ANY;
        }
        CheckedBlocks checked = CheckedBlocks.forAccess(array);
        SharedObject so = checked == null ? null : checked.shared(array);
        if (so == null) {
            return Ranges.ANY;
        }
        if (index < 0 || index >= so.length()) {
            return Ranges.NONE; // the access itself throws the usual exception
        }
        if (write) {
            PrivateMonitorWrites.noteIfInside(array);
        }
        SharedObjectForBlock blocks = (SharedObjectForBlock) so;
        int b = blocks.blockOf(index);
        checked.checkBlocks(blocks, b, b, write);
        return Ranges.of(blocks.blockStart(b), blocks.blockStart(b) + blocks.blockSize(b));
    }

    /**
     * Before a loop: read check of {@code array[first..last]} (clipped to the array). Returns the
     * range ({@link Ranges}) checked whole blocks cover, which the loop may reuse next time.
     */
    public static long readRange(Object array, int first, int last) {
        return range(array, first, last, false);
    }

    /** Before a loop: write check of {@code array[first..last]}, as {@link #readRange}. */
    public static long writeRange(Object array, int first, int last) {
        return range(array, first, last, true);
    }

    private static long range(Object array, int first, int last, boolean write) {
        if (!SharedClasses.mayBeShared(array)) {
            return Ranges.ANY;
        }
        CheckedBlocks checked = CheckedBlocks.forAccess(array);
        SharedObject so = checked == null ? null : checked.shared(array);
        if (so == null) {
            return Ranges.ANY;
        }
        int from = Math.max(0, first);
        int to = Math.min(so.length() - 1, last);
        if (from > to) {
            return Ranges.NONE; // nothing of the array: the loop throws before it gets there
        }
        if (write) {
            PrivateMonitorWrites.noteIfInside(array);
        }
        SharedObjectForBlock blocks = (SharedObjectForBlock) so;
        int firstBlock = blocks.blockOf(from);
        int lastBlock = blocks.blockOf(to);
        checked.checkBlocks(blocks, firstBlock, lastBlock, write);
        return Ranges.of(blocks.blockStart(firstBlock), blocks.blockStart(lastBlock) + blocks.blockSize(lastBlock));
    }

    /** Read check before reading a field of {@code obj}. */
    public static void readField(Object obj) {
        whole(obj, false);
    }

    /** Write check before writing a field of {@code obj}. */
    public static void writeField(Object obj) {
        whole(obj, true);
    }

    /**
     * Before reflection or a handle gets ({@code write} false) or sets a field or element of
     * {@code obj} ({@code Field.set}, {@code Array.setInt}, {@code VarHandle.set}, ...): a shared
     * array or object is checked whole, an element of a shared array (or an object a shared one
     * holds) through its slot.
     */
    public static void reflective(Object obj, boolean write) {
        keptRow(obj, write);
        whole(obj, write);
        if (obj instanceof SlotAware element && element.jdsm$slot() != null) {
            elementBlock(element.jdsm$slot(), write);
        }
    }

    /**
     * Before {@code MethodHandle.invokeWithArguments} or {@code Method.invoke}: each argument in
     * {@code arguments} (an {@code Object[]} or a {@code List}) checked as {@link #reflective}
     * checks one; the target is unknown.
     */
    public static void reflectiveEach(Object arguments, boolean write) {
        if (arguments instanceof Object[] each) {
            for (Object argument : each) {
                reflective(argument, write);
            }
        } else if (arguments instanceof List<?> each) {
            for (Object argument : each) {
                reflective(argument, write);
            }
        }
    }

    /**
     * Before a {@code VarHandle} or {@code java.lang.reflect.Array} gets or sets element {@code
     * index} of {@code obj}: that element checked, as {@code a[index]} is; eight bytes from it of a
     * {@code byte[]}, which a view handle ({@code byteArrayViewVarHandle}) reads as one {@code long}.
     * Anything but an array is checked as {@link #reflective} does (the call itself then throws).
     */
    public static void reflectiveElement(Object obj, int index, boolean write) {
        keptRow(obj, write);
        if (obj instanceof byte[]) {
            range(obj, index, (int) Math.min(index + (long) Long.BYTES - 1, Integer.MAX_VALUE), write);
        } else if (obj != null && obj.getClass().isArray()) {
            element(obj, index, write);
        } else {
            reflective(obj, write);
        }
    }

    /**
     * Read check of {@code block} of a shared array, the slot of an object that instrumented code
     * reaches where it cannot see its load ({@code for (Cell c : mine) sum += c.v}, a field, a
     * method reference's result).
     */
    public static void readElementBlock(ElementBlock block) {
        elementBlock(block, false);
    }

    /** Write check of {@code block}, as {@link #readElementBlock}: before a field write or a call that may change the object. */
    public static void writeElementBlock(ElementBlock block) {
        elementBlock(block, true);
    }

    private static void elementBlock(ElementBlock block, boolean write) {
        Object array = block.shared().object();
        CheckedBlocks checked = CheckedBlocks.forAccess(array);
        if (checked == null || checked.checkedLast(block, write)) {
            return;
        }
        if (checked.shared(array) != block.shared()) {
            return; // the element of another node's array in this JVM
        }
        if (write) {
            PrivateMonitorWrites.noteIfInside(array);
        }
        checked.checkElementBlock(block, write);
    }

    /**
     * Before {@code array[index] = value} (after its write check): {@code value} learns that it is
     * an element of the shared array, and the element it replaces forgets it ({@link ElementSlots}).
     */
    public static void elementStore(Object array, int index, Object value) {
        SharedObjectForBlock blocks = sharedElements(array);
        if (blocks != null && index >= 0 && index < ((Object[]) array).length) { // the store itself throws for a bad index
            ElementSlots.store((Object[]) array, index, value, blocks.elementBlock(blocks.blockOf(index)));
        }
    }

    /** The shared array {@code array} is, if it is an {@code Object[]} registered with this thread's pool; else null. */
    private static SharedObjectForBlock sharedElements(Object array) {
        if (!SharedClasses.mayBeShared(array) || !(array instanceof Object[])) {
            return null;
        }
        SharedObjectPool pool = SpmdThreads.pool();
        return pool != null && pool.registered(array) instanceof SharedObjectForBlock blocks ? blocks : null;
    }

    /**
     * Before {@code holder.f = value} of a reference (after its write check): if {@code holder} knows
     * a block of a shared object (an element, or an object inside one), {@code value} and what it
     * holds learn it too ({@link ElementSlots#storeInside}), so a reference kept to it
     * ({@code cells[i].pos = new Pos(); Pos p = cells[i].pos; barrier(); p.x = v}) is checked.
     */
    public static void fieldStore(Object holder, Object value) {
        if (value != null && holder instanceof SlotAware h && h.jdsm$slot() != null) {
            ElementSlots.storeInside(holder, value);
        }
    }

    /**
     * Before an array's {@code clone()}, {@code Arrays.stream}, {@code copyOf} and the like, which
     * hand out the elements themselves: every block (or {@code [from, to)}) is read, or written
     * if an element may be changed in place through the copy or stream ({@code
     * Arrays.stream(cells).forEach(c -> c.v++)}), which no check would see.
     */
    public static void handOutAll(Object array) {
        keptRow(array, elementsMayChange(array));
        whole(array, elementsMayChange(array));
    }

    /** {@link #handOutAll} of {@code array[from, to)}. */
    public static void handOutRange(Object array, int from, int to) {
        bulkRange(array, from, to, elementsMayChange(array));
    }

    /** Whether {@code array} holds objects that can be changed in place: references but strings, boxes and enums. */
    private static boolean elementsMayChange(Object array) {
        Class<?> type = array == null ? null : array.getClass().getComponentType();
        return type != null && !type.isPrimitive() && !type.isEnum() && !IMMUTABLE.contains(type);
    }

    private static void whole(Object obj, boolean write) {
        if (!SharedClasses.mayBeShared(obj)) {
            return;
        }
        CheckedBlocks checked = CheckedBlocks.forAccess(obj);
        SharedObject so = checked == null ? null : checked.shared(obj);
        if (so != null) {
            if (write) {
                PrivateMonitorWrites.noteIfInside(obj);
            }
            checked.checkAll(so, write);
        }
    }

    /**
     * The job-wide lock of element {@code index} of {@code array}, an array of lock objects held
     * in a static field or a field of the job ({@code synchronized (LOCKS[b])}): {@code lock},
     * which ends in {@code []}, with the index between the brackets, so every node takes the same
     * lock for the same index, as one JVM's threads take the same object. Null (the element's
     * monitor stays private) if the array is shared: a fetch replaces its elements, so one index
     * would stand for several Java monitors on a node, and a thread holding the index's lock that
     * enters the element's monitor again (a synchronized method of it) would wait for a thread
     * holding that monitor while it waits for the lock.
     */
    public static String elementLock(String lock, Object array, int index) {
        SharedObjectPool pool = SpmdThreads.pool();
        if (pool != null && SharedClasses.mayBeShared(array) && pool.isShared(array)) {
            return null;
        }
        return lock.substring(0, lock.length() - 1) + index + "]";
    }

    /** Before a {@code synchronized} method {@code call} (method and site) is called on an element of {@code array}: see {@link ElementMonitors}. */
    public static void elementMonitorCall(Object array, String call) {
        ElementMonitors.note(array, call);
    }

    /** Before a store to the static {@code field} (outside a static initializer), at {@code site}: see {@link StaticWrites}. */
    public static void staticWrite(String field, String site) {
        StaticWrites.note(field, site);
    }

    /** Before a {@code java.util.Arrays} method reads ({@code write} false) or writes {@code array[from, to)}. */
    public static void bulkRange(Object array, int from, int to, boolean write) {
        keptRow(array, write);
        if (from < to) {
            range(array, from, to - 1, write); // a bad range: the call itself throws as usual
        }
    }

    /** Before a {@code java.util.Arrays} method reads or writes all of {@code array}. */
    public static void bulkAll(Object array, boolean write) {
        keptRow(array, write);
        whole(array, write);
    }

    /** Before {@code Arrays.deepEquals} and the like: reads {@code array} and every array it holds. */
    public static void bulkDeep(Object array, boolean write) {
        keptRow(array, write);
        whole(array, write);
        if (array instanceof Object[] elements) {
            for (Object e : elements) {
                if (e != null && e.getClass().isArray()) {
                    bulkDeep(e, write);
                }
            }
        }
    }

    /**
     * Before {@code call} ({@code Arrays.asList}, {@code ByteBuffer.wrap}, ...) at {@code site}: a
     * live view of a shared array would read and write it later, out of sight of the checks.
     */
    public static void refuseView(Object array, String call, String site) {
        CheckedBlocks checked = CheckedBlocks.current();
        if (checked != null && checked.shared(array) != null) {
            throw new DsmException(call + " of a shared " + array.getClass().getSimpleName() + " at " + site
                    + " is not supported: the view would read and write the array unchecked; copy it first "
                    + "(" + call + "(shared.clone()))");
        }
    }

    /**
     * Replaces {@code System.arraycopy}: checks the blocks it reads and writes, then copies; the
     * elements copied into a shared {@code Object[]} learn their new slots ({@link #elementsMoved}).
     */
    public static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
        if (length > 0) {
            keptRow(src, elementsMayChange(src));
            keptRow(dest, true);
            range(src, srcPos, srcPos + length - 1, elementsMayChange(src)); // the copy holds the same elements
            range(dest, destPos, destPos + length - 1, true);
        }
        System.arraycopy(src, srcPos, dest, destPos, length);
        if (length > 0) {
            elementsMoved(dest, destPos, destPos + length);
        }
    }

    /**
     * After {@code Arrays.sort}, {@code fill}, {@code setAll} and the like wrote {@code array}:
     * if it is a shared {@code Object[]}, each element learns the slot it is in now, as at
     * {@code cells[i] = c} ({@link ElementSlots}). A kept reference to an element that moved would
     * otherwise check the block it left when written through after a synchronization.
     */
    public static void elementsMoved(Object array) {
        if (array instanceof Object[] elements) {
            elementsMoved(array, 0, elements.length);
        }
    }

    /** {@link #elementsMoved(Object)} of {@code array[from, to)}. */
    private static void elementsMoved(Object array, int from, int to) {
        SharedObjectForBlock blocks = sharedElements(array);
        if (blocks != null && from < to) {
            for (int b = blocks.blockOf(from); b <= blocks.blockOf(to - 1); b++) {
                ElementSlots.claim((Object[]) array, blocks.blockStart(b), blocks.blockSize(b), blocks.elementBlock(b));
            }
        }
    }

    /**
     * Just before {@code monitorenter}, with the job-wide lock the rewriter named for the monitor
     * ({@code lock}, null if none): if a JDSM lock will follow, the thread's instrumented writes end
     * here, not once the Java monitor is held. Under SC those writes hold their blocks; blocked on
     * the monitor (held by a thread of this node that waits for the JDSM lock) the thread would
     * keep them from the lock's holder on another node, who may need one of them.
     */
    public static void beforeEnter(Object monitor, String lock) {
        SharedObjectPool pool = SpmdThreads.pool();
        if (pool != null && monitor != null && entryFor(pool, monitor, lock).kind() != HeldMonitors.Kind.PRIVATE) {
            pool.endInstrumentedWrites();
        }
    }

    /**
     * Just after {@code monitorenter} (a {@code synchronized} method has one too): a shared
     * monitor also takes its JDSM lock, so the block is a critical section job-wide and an
     * acquire point; so do the job object's monitor, through {@link #JOB_LOCK}, and a monitor the
     * rewriter named a job-wide lock for ({@code lock}: a static field's, a class's, a field of the
     * job object's), through that lock. Any other monitor is recorded as private
     * ({@link PrivateMonitorWrites}). The Java monitor is kept: it costs little and keeps the
     * JIT's lock analysis.
     */
    public static void enter(Object monitor, String lock) {
        SharedObjectPool pool = SpmdThreads.pool();
        if (pool == null || monitor == null) {
            return;
        }
        HeldMonitors.Entry entry = entryFor(pool, monitor, lock);
        if (entry.kind() == HeldMonitors.Kind.SHARED) {
            pool.lock(monitor);
        } else if (entry.kind() == HeldMonitors.Kind.NAMED) {
            pool.lock(entry.lock());
        }
        HeldMonitors.push(entry);
    }

    /**
     * What entering {@code monitor} takes. The object's own identity comes first (the job
     * object, a shared object: whichever way the program reaches it), then the name the rewriter
     * found for where it came from.
     */
    private static HeldMonitors.Entry entryFor(SharedObjectPool pool, Object monitor, String lock) {
        if (monitor instanceof Spmd) {
            return new HeldMonitors.Entry(monitor, HeldMonitors.Kind.NAMED, JOB_LOCK);
        } else if (SharedClasses.mayBeShared(monitor) && pool.isShared(monitor)) {
            return new HeldMonitors.Entry(monitor, HeldMonitors.Kind.SHARED, null);
        } else if (lock != null) {
            return new HeldMonitors.Entry(monitor, HeldMonitors.Kind.NAMED, lock);
        }
        return new HeldMonitors.Entry(monitor, HeldMonitors.Kind.PRIVATE, null);
    }

    /**
     * Just before {@code monitorexit} (a {@code synchronized} method has them too): the release
     * point. A private monitor's release ends the thread's instrumented writes: under SC they hold
     * their blocks until then, and the next thread of this node to enter the monitor would wait
     * for them while the holder waits for the monitor.
     */
    public static void exit(Object monitor) {
        HeldMonitors.Entry entry = monitor == null ? null : HeldMonitors.pop(monitor);
        if (entry == null) {
            return;
        }
        switch (entry.kind()) {
            case SHARED -> SpmdThreads.pool().unlock(monitor);
            case NAMED -> SpmdThreads.pool().unlock(entry.lock());
            case PRIVATE -> SpmdThreads.pool().endInstrumentedWrites();
        }
    }

    /** Replaces {@code monitor.wait()}. */
    public static void waitOn(Object monitor) throws InterruptedException {
        waitOn(monitor, 0);
    }

    /** Replaces {@code monitor.wait(millis, nanos)}. */
    public static void waitOn(Object monitor, long millis, int nanos) throws InterruptedException {
        waitOn(monitor, nanos > 0 && millis < Long.MAX_VALUE ? millis + 1 : millis);
    }

    /**
     * Replaces {@code monitor.wait(millis)}. A monitor the thread holds through a
     * JDSM lock (a shared object, the job object, a static {@code LOCK}, ...) waits job-wide: the
     * thread lets go of the lock and of the Java monitor, and a notify on any node wakes it
     * ({@link SharedObjectPool#awaitInMonitor}). Any other monitor waits as Java's does. An
     * interrupt throws {@link InterruptedException} and clears the interrupt, as Java's
     * {@code wait} does, with the lock and the monitor held again.
     */
    public static void waitOn(Object monitor, long millis) throws InterruptedException {
        HeldMonitors.Entry held = monitor == null ? null : HeldMonitors.jobWide(monitor);
        if (held == null) {
            monitor.wait(millis);
            return;
        }
        try {
            if (held.kind() == HeldMonitors.Kind.SHARED) {
                SpmdThreads.pool().awaitInMonitor(monitor, millis, monitor);
            } else {
                SpmdThreads.pool().awaitInMonitor(held.lock(), millis, monitor);
            }
        } catch (DsmException e) {
            if (e.getCause() instanceof InterruptedException interrupted && !(e instanceof JobAbortedException)) {
                Thread.interrupted(); // the program's catch of InterruptedException handles it, as for Java's wait
                throw interrupted;
            }
            throw e;
        }
    }

    /**
     * Replaces {@code monitor.notify()}. On a monitor held through a JDSM lock it
     * wakes every waiter of the job, as {@link #notifyAllOn} does: waking more threads than one is
     * allowed, since a waiter may always wake spuriously and must re-check its condition.
     */
    public static void notifyOn(Object monitor) {
        if (!signalJobWide(monitor)) {
            monitor.notify();
        }
    }

    /** Replaces {@code monitor.notifyAll()}: on a monitor held through a JDSM lock, wakes its waiters on every node. */
    public static void notifyAllOn(Object monitor) {
        if (!signalJobWide(monitor)) {
            monitor.notifyAll();
        }
    }

    /** Signals the JDSM lock the thread holds {@code monitor} through; false if it holds none (a private monitor). */
    private static boolean signalJobWide(Object monitor) {
        HeldMonitors.Entry held = monitor == null ? null : HeldMonitors.jobWide(monitor);
        if (held == null) {
            return false;
        }
        if (held.kind() == HeldMonitors.Kind.SHARED) {
            SpmdThreads.pool().signalAll(monitor);
        } else {
            SpmdThreads.pool().signalAll(held.lock());
        }
        return true;
    }
}

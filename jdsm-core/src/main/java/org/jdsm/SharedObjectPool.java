package org.jdsm;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.jdsm.runtime.ConditionMessage;
import org.jdsm.runtime.DsmStats;
import org.jdsm.runtime.PoolContext;
import org.jdsm.runtime.events.BarrierWaitEvent;
import org.jdsm.runtime.events.ConditionWaitEvent;
import org.jdsm.trans.MessageHandler;
import org.jdsm.trans.Responder;
import org.jdsm.trans.Trans;

/**
 * The shared object pool (JDSM paper, Table 3): registration of shared objects and the
 * consistency operations user code calls. This class checks arguments, finds the
 * {@link SharedObject}, keeps local threads of a node mutually exclusive on blocks and locks, and
 * runs the node-local part of barriers; a protocol subclass supplies the node-level, cross-node
 * behaviour through the protected hooks and talks to other nodes only through {@link #trans()}.
 *
 * <p>Consistency contract: programs whose conflicting accesses are ordered by barrier, lock/unlock
 * or acquire/release behave as if all threads shared one memory. {@code acquire} gives exclusive
 * write access to the block holding the index and makes it current; {@code release} ends it and
 * publishes the writes; {@code update} makes the block current for reading.
 *
 * <p>Interrupts: as reading memory or entering a Java monitor is not, {@code update},
 * {@code acquire}, {@code release} and {@code lock} are not ended by an interrupt; the thread stays
 * interrupted for its own code to see. A condition wait ({@code await}) and
 * {@link DsmFuture#touch()} are, as {@link Object#wait} and {@link java.util.concurrent.Future#get}
 * are; a thread interrupted while it waits in {@code barrier()} for the others fails the job.
 *
 * <p>Failures: a release ({@code release}, {@code unlock}, the letting go of a condition wait, a
 * barrier, or the end of a thread's instrumented writes that every synchronization begins with)
 * that fails part way, as when a value cannot be copied for the writes it publishes, throws its
 * cause. The node cannot go on then, since other nodes may wait for ever for what it did not send:
 * however the caller handles that exception, every later synchronization of the node's threads,
 * and the end of their {@code start()}, throws a {@link DsmException} naming the release and the
 * cause, which stops the job.
 */
public abstract class SharedObjectPool implements MessageHandler {

    private final Registry registry = new Registry();
    private final LocalExclusion exclusion = new LocalExclusion();
    private final InstrumentedWrites instrumented = new InstrumentedWrites();
    private final BarrierAttendance attendance = new BarrierAttendance();
    private final Conditions conditions = new Conditions(this);
    /** Per thread: its last {@code acquireAsync}, after which its next one starts (see {@link #async}). */
    private final ThreadLocal<CompletableFuture<Object>> lastAcquireAsync = new ThreadLocal<>();
    /** How long {@link #awaitBlock} waits before the thread gives up its later written blocks. */
    private static final long YIELD_AFTER_MILLIS = 20;
    private PoolContext context;
    private CyclicBarrier localBarrier;
    private HelperThreads helpers;
    private volatile boolean registrationOpen;
    private volatile Throwable abortCause;
    /**
     * Why a release on this node failed part way, naming the release, or null: this node cannot go
     * on (see {@link #letGo}). The first one stays.
     */
    private volatile DsmException releaseFailure;

    // ---------------------------------------------------------------- lifecycle (runtime-facing)

    /** Called by the runtime before the node joins the mesh. */
    public final void init(PoolContext ctx) {
        this.context = ctx;
        this.localBarrier = new CyclicBarrier(ctx.threadsPerNode(), () -> {
            letGo(this::nodeBarrier, () -> { }, () -> "barrier()");
            attendance.completed();
        });
        this.helpers = new HelperThreads(ctx.myNode());
        onInit();
    }

    /** Called by the runtime after the job's last global synchronization. */
    public final void fin() {
        if (context == null) {
            return; // never initialized: the node failed before the pool started
        }
        onFin();
        helpers.shutdown();
    }

    /** Opens or closes registration (the runtime opens it around {@code Spmd.init()}). */
    public final void setRegistrationOpen(boolean open) {
        registrationOpen = open;
    }

    /**
     * Stops every waiting DSM operation on this node with {@link JobAbortedException}. Calling it
     * again (the first cause stays) wakes a thread that entered {@code barrier()} just as the job
     * was aborted and missed the first wake-up.
     */
    public final void abort(Throwable cause) {
        if (abortCause == null) {
            abortCause = cause;
        }
        // Not on the calling thread: that may be an I/O thread, and the barrier's lock can be held by
        // a thread inside nodeBarrier() that waits for messages (it sees abortCause within 100 ms).
        helpers.runElsewhere(localBarrier::reset);
    }

    /** Handles a message of job-wide condition waits (see {@link #await(Object)}), for any protocol. */
    public final void conditionMessage(int fromNode, ConditionMessage message, Responder responder) {
        conditions.received(fromNode, message, responder);
    }

    /** Signatures of the registered objects in key order, compared across nodes by the runtime. */
    public final List<String> signatures() {
        List<String> out = new ArrayList<>();
        for (SharedObject so : registry.all()) {
            out.add(so.signature());
        }
        return out;
    }

    // ---------------------------------------------------------------- registration

    /**
     * Registers a single shared object. Only inside {@code Spmd.init()}. Returns {@code obj}. Not an
     * array, a record, a class with its own encoding, or a JDK class (or one extending it) whose fields
     * reflection may not open: each fails here with a {@link DsmException} saying what to share instead.
     */
    public final <T> T register(T obj) {
        checkOpen(obj);
        if (obj != null && !obj.getClass().isArray()) {
            // Before the trial encoding, whose failure for such a class names no remedy.
            ClosedFieldsCheck.check(obj.getClass());
        }
        registry.check(obj, context.wire());
        if (obj.getClass().isArray()) {
            throw new DsmException("register(" + obj.getClass().getSimpleName()
                    + ") without a block length: use register(array, blockLength) for arrays");
        }
        if (obj.getClass().isRecord()) {
            // A fetched copy is installed into the registered object field by field, and a record's
            // fields cannot be set: it failed at the first fetch with 'cannot write Holder.counts'.
            throw new DsmException("register(" + obj.getClass().getName() + "): a record cannot be a single shared"
                    + " object, since its fields are final and a fetched copy is written into the registered object"
                    + " field by field; share a class with non-final fields");
        }
        ClassLoader loader = obj.getClass().getClassLoader();
        if (loader != null && loader != ClassLoader.getPlatformClassLoader() && !context.wire().encodesFields(obj.getClass())) {
            // Its own encoding may carry state its fields do not (transient fields it writes itself):
            // a fetched copy written in field by field left it out, and writes to it made no diff.
            throw new DsmException("register(" + obj.getClass().getName() + "): a class with an encoding of its own"
                    + " (KryoSerializable) cannot be a single shared object, since a fetched copy is written into the"
                    + " registered object field by field and writes are found field by field; register an object of a"
                    + " plain class holding it in a field");
        }
        return add(new SharedObjectOne(obj, registry.nextKey(), context.nodes(), context.wire()), obj);
    }

    /** Registers an array split into blocks of {@code blockLength}, block-distributed. Returns {@code array}. */
    public final <T> T register(T array, int blockLength) {
        return register(array, blockLength, Distribution.BLOCK);
    }

    /** Registers an array split into blocks of {@code blockLength} with the given distribution. */
    public final <T> T register(T array, int blockLength, Distribution distribution) {
        if (array != null && !array.getClass().isArray()) {
            // Before the trial encoding, which failed first on a JDK class's closed fields, naming no remedy.
            throw new DsmException("register(obj, blockLength) needs an array, got " + array.getClass().getName()
                    + "; register a single object with register(obj)");
        }
        checkRegistration(array);
        return add(new SharedObjectForBlock(array, registry.nextKey(), context.nodes(), blockLength, distribution,
                context.wire()), array);
    }

    private void checkRegistration(Object obj) {
        checkOpen(obj);
        registry.check(obj, context.wire());
    }

    private void checkOpen(Object obj) {
        if (obj != null && !registrationOpen) {
            throw new DsmException("register(" + obj.getClass().getSimpleName()
                    + ") called outside init(): shared objects are registered only in Spmd.init()");
        }
    }

    private <T> T add(SharedObject so, T obj) {
        registry.add(obj, so);
        exclusion.registered(so);
        onRegistered(so);
        return obj;
    }

    /** The shared object wrapping {@code obj}; fails naming the object if it was never registered. */
    public final SharedObject sharedObject(Object obj) {
        return registry.require(obj);
    }

    /** The shared object wrapping {@code obj}, or null if it is not registered (for instrumented code). */
    public final SharedObject registered(Object obj) {
        return registry.find(obj);
    }

    /** The shared object with registration ordinal {@code key}. */
    protected final SharedObject sharedObject(int key) {
        return registry.get(key);
    }

    /** All registered objects in key order. */
    protected final List<SharedObject> sharedObjects() {
        return registry.all();
    }

    // ---------------------------------------------------------------- update

    /** Makes the whole object current for reading. */
    public final void update(Object obj) {
        SharedObject so = sharedObject(obj);
        updateBlocks(so, 0, so.blockCount());
    }

    /** Makes the block holding {@code index} current for reading. */
    public final void update(Object array, int index) {
        SharedObject so = sharedObject(array);
        updateBlock(so, so.blockOf(index));
    }

    /** Makes the blocks holding {@code [from, to)} current for reading. */
    public final void update(Object array, int from, int to) {
        SharedObject so = sharedObject(array);
        checkRange(so, from, to);
        updateBlocks(so, firstBlock(so, from, to), endBlock(so, from, to));
    }

    /** Makes blocks {@code [from, to)} current; protocols may overlap the fetches. */
    protected void updateBlocks(SharedObject so, int from, int to) {
        for (int b = from; b < to; b++) {
            updateBlock(so, b);
        }
    }

    /**
     * Starts making blocks {@code [from, to)} current without blocking the calling thread (e.g. sends
     * their fetches). The future completes with true once they are current, or with false if
     * {@link #updateBlocks} must still run (on a helper thread) to finish; it fails if a fetch does.
     * By default nothing is started: false at once.
     */
    protected CompletableFuture<Boolean> startUpdate(SharedObject so, int from, int to) {
        return CompletableFuture.completedFuture(false);
    }

    // ---------------------------------------------------------------- acquire / release

    /** Exclusive write access to the whole object, made current. */
    public final void acquire(Object obj) {
        SharedObject so = sharedObject(obj);
        awaitOwnAcquireAsync();
        acquireBlocks(so, 0, so.blockCount(), Thread.currentThread());
    }

    /** Exclusive write access to the block holding {@code index}, made current. */
    public final void acquire(Object array, int index) {
        SharedObject so = sharedObject(array);
        int b = so.blockOf(index);
        awaitOwnAcquireAsync();
        acquireBlocks(so, b, b + 1, Thread.currentThread());
    }

    /** Exclusive write access to the blocks holding {@code [from, to)}, taken in ascending order. */
    public final void acquire(Object array, int from, int to) {
        SharedObject so = sharedObject(array);
        checkRange(so, from, to);
        awaitOwnAcquireAsync();
        acquireBlocks(so, firstBlock(so, from, to), endBlock(so, from, to), Thread.currentThread());
    }

    /**
     * A blocking acquire takes its blocks after the calling thread's {@code acquireAsync} calls made
     * before it (see {@link #async}): taking a later block first, while an earlier one is still being
     * acquired, could wait in a cycle with a thread that asks for the same blocks in the same order.
     */
    private void awaitOwnAcquireAsync() {
        CompletableFuture<Object> previous = lastAcquireAsync.get();
        if (previous != null && !previous.isDone()) {
            await(previous.handle((done, failed) -> null)); // its failure is the future's owner's to see
        }
    }

    /** Ends write access to the whole object and publishes the writes. */
    public final void release(Object obj) {
        SharedObject so = sharedObject(obj);
        int missing = releaseBlocks(so, 0, so.blockCount());
        if (missing >= 0) {
            throw notHeld("release(" + so + ")", missing);
        }
    }

    /** Ends write access to the block holding {@code index} and publishes the writes. */
    public final void release(Object array, int index) {
        SharedObject so = sharedObject(array);
        int b = so.blockOf(index);
        if (releaseBlocks(so, b, b + 1) >= 0) {
            throw notHeld("release(" + so + ", " + index + ")", b);
        }
    }

    /** Ends write access to the blocks holding {@code [from, to)}. */
    public final void release(Object array, int from, int to) {
        SharedObject so = sharedObject(array);
        checkRange(so, from, to);
        int missing = releaseBlocks(so, firstBlock(so, from, to), endBlock(so, from, to));
        if (missing >= 0) {
            throw notHeld("release(" + so + ", " + from + ", " + to + ")", missing);
        }
    }

    private void acquireBlocks(SharedObject so, int from, int to, Thread holder) {
        endWrites();
        lockBlocks(so, from, to, holder);
    }

    private void lockBlocks(SharedObject so, int from, int to, Thread holder) {
        HolderMutex[] mutexes = exclusion.blocks(so);
        WrittenBlocks written = instrumented.current();
        for (int b = from; b < to; b++) {
            HolderMutex m = mutexes[b];
            int depth = m.tryEnter(holder);
            long[] yielded = depth > 0 ? WrittenBlocks.NONE : yieldWritesAfter(written, LockIds.block(so.key(), b));
            if (depth == 1 || depth == 0 && m.enter(holder, this)) {
                try {
                    checkCanGoOn(); // it may have waited for the block while another thread's release of it failed
                    acquireBlock(so, b);
                } catch (RuntimeException e) {
                    m.exit();
                    throw e;
                }
                m.ready();
            } else {
                m.awaitReady(this); // held already, maybe still being acquired by another acquireAsync
            }
            retake(written, yielded);
        }
    }

    /**
     * Releases blocks {@code [from, to)} if the calling thread holds them all; returns -1, or the
     * first block it does not hold (then nothing is released). The caller names the call in the error,
     * so the message is built only when it is needed. Fails, releasing nothing, if one of them is still being acquired.
     */
    private int releaseBlocks(SharedObject so, int from, int to) {
        endWrites();
        Thread holder = Thread.currentThread();
        HolderMutex[] mutexes = exclusion.blocks(so);
        for (int b = from; b < to; b++) {
            if (!mutexes[b].heldBy(holder)) {
                return b;
            }
        }
        for (int b = from; b < to; b++) {
            if (mutexes[b].acquiring(holder)) {
                // Releasing now would free the block under the helper thread still acquiring it.
                throw new DsmException("release of block " + b + " of " + so + " while its acquireAsync is still in flight:"
                        + " touch() the future before releasing");
            }
        }
        for (int b = from; b < to; ) {
            int end = b;
            while (end < to && mutexes[end].startLeaving(holder)) { // not outermost(): see startLeaving
                end++;
            }
            if (end == b) {
                mutexes[b++].exit(); // held again inside: this release only leaves it
                continue;
            }
            int first = b;
            int last = end;
            // The usual case: the whole range in one call.
            letGo(() -> releaseBlockRange(so, first, last), () -> {
                for (int k = first; k < last; k++) {
                    mutexes[k].exit();
                }
            }, () -> "release of " + (last - first == 1 ? "block " + first : "blocks [" + first + ", " + last + ")") + " of " + so);
            b = end;
        }
        return -1;
    }

    /**
     * {@code call} names the object already. While the thread's acquireAsync calls are pending the
     * block may be one of theirs that has not started (each waits for the one before it), so it is
     * not held yet: then the error says so, as for one that has started.
     */
    private DsmException notHeld(String call, int block) {
        CompletableFuture<Object> pending = lastAcquireAsync.get();
        if (pending != null && !pending.isDone()) {
            return new DsmException(call + ": this thread does not hold block " + block + " yet: it never acquired it,"
                    + " or its acquireAsync is still in flight (touch() the future before releasing)");
        }
        return new DsmException(call + ": this thread does not hold block " + block
                + " (it never acquired it, or has released it already)");
    }

    /** As {@code Arrays.fill}: {@code from == to} is an empty range, which touches no block. */
    private static void checkRange(SharedObject so, int from, int to) {
        if (from > to) {
            throw new IllegalArgumentException("range [" + from + ", " + to + ") of " + so + " ends before it starts");
        }
        if (from < 0 || to > so.length()) {
            // Named as the caller wrote it, not as the first index past the end ("index 149" for [50, 150)).
            throw new IndexOutOfBoundsException("range [" + from + ", " + to + ") outside 0.." + (so.length() - 1)
                    + " of " + so);
        }
    }

    /** First block holding {@code [from, to)}, a checked range; with {@link #endBlock} none if it is empty. */
    private static int firstBlock(SharedObject so, int from, int to) {
        return from < to ? so.blockOf(from) : 0;
    }

    /** One past the last block holding {@code [from, to)}, a checked range. */
    private static int endBlock(SharedObject so, int from, int to) {
        return from < to ? so.blockOf(to - 1) + 1 : 0;
    }

    // ---------------------------------------------------------------- instrumented access

    /**
     * Read check for instrumented code: if {@code array} is shared, makes the block holding
     * {@code index} current (as {@link #update(Object, int)}); otherwise does nothing.
     */
    public final void readCheck(Object array, int index) {
        SharedObject so = registry.find(array);
        if (so != null) {
            updateBlock(so, so.blockOf(index));
        }
    }

    /**
     * Read check of blocks {@code [from, to)} of a shared object, for instrumented code that has
     * found the object already: makes them current, as {@link #update(Object, int, int)}.
     */
    public final void readCheckBlocks(SharedObject so, int from, int to) {
        Objects.checkFromToIndex(from, to, so.blockCount());
        if (to - from == 1) {
            updateBlock(so, from);
        } else {
            updateBlocks(so, from, to);
        }
    }

    /** Read check for a field of {@code obj}: if it is a shared object, makes it current. */
    public final void readCheck(Object obj) {
        SharedObject so = registry.find(obj);
        if (so != null) {
            updateBlocks(so, 0, so.blockCount());
        }
    }

    /**
     * Write check for instrumented code: if {@code array} is shared, this thread may write the block
     * holding {@code index}; its writes are published at the thread's next synchronization
     * (lock, unlock, acquire, release, barrier, or the end of {@code start()}). Unlike
     * {@link #acquire}, this need not exclude other writers: protocols that merge concurrent
     * writers (LRC) let them proceed.
     */
    public final void writeCheck(Object array, int index) {
        SharedObject so = registry.find(array);
        if (so != null) {
            int b = so.blockOf(index);
            writeCheckBlocks(so, b, b + 1);
        }
    }

    /** Write check for a field of {@code obj}: if it is a shared object, this thread may write it. */
    public final void writeCheck(Object obj) {
        SharedObject so = registry.find(obj);
        if (so != null) {
            writeCheckBlocks(so, 0, so.blockCount());
        }
    }

    /**
     * Write check of blocks {@code [from, to)} of a shared object, for instrumented code that has
     * found the object already: as {@link #writeCheck(Object, int)} for each block.
     */
    public final void writeCheckBlocks(SharedObject so, int from, int to) {
        Objects.checkFromToIndex(from, to, so.blockCount());
        WrittenBlocks written = instrumented.current();
        for (int b = from; b < to; b++) {
            long id = LockIds.block(so.key(), b);
            if (!written.contains(id)) {
                writeBlock(so, b);
                written.addAbsent(id);
            }
        }
    }

    /**
     * True if this node's code reached a shared object through the pool since {@code init()}: a call
     * such as {@code update}, {@code acquire} or {@code lock} on one, or a check of instrumented
     * code. For the runtime, to tell plain code run without instrumentation.
     */
    public final boolean sharedObjectsReached() {
        return registry.reached();
    }

    /** True if {@code obj} is a registered shared object (for instrumented code deciding what to check). */
    public final boolean isShared(Object obj) {
        return registry.find(obj) != null;
    }

    /**
     * Publishes the calling thread's instrumented writes and gives up the blocks they hold (under
     * SC, held until the thread's next synchronization), as every synchronization begins, without
     * synchronizing: for instrumented code leaving the monitor of an object that is not shared, so
     * that another thread of this node entering it next can write those blocks. The thread's
     * checks are counted as ended ({@link #syncCounter()}).
     */
    public final void endInstrumentedWrites() {
        endWrites();
    }

    /**
     * Publishes the calling thread's instrumented writes: the start of every synchronization, which
     * fails instead if the node cannot go on ({@link #letGo}).
     */
    private void endWrites() {
        checkCanGoOn();
        WrittenBlocks written = instrumented.beginSync();
        if (!written.isEmpty()) {
            endWriteBlocks(written.ids(), written.size());
            written.clear();
        }
    }

    /**
     * Gives up (publishes, as at a synchronization) the calling thread's instrumented writes of
     * blocks ordered after block lock {@code id}, before the thread waits for that block; returns
     * them in ascending order for {@link #retake}.
     */
    private long[] yieldWritesAfter(WrittenBlocks written, long id) {
        long[] after = written.removeAfter(id);
        if (after.length > 0) {
            endWriteBlocks(after, after.length);
        }
        return after;
    }

    /** Takes back, in ascending order, the written blocks {@link #yieldWritesAfter} gave up. */
    private void retake(WrittenBlocks written, long[] yielded) {
        for (long id : yielded) {
            writeBlock(registry.get(LockIds.keyOf(id)), LockIds.blockOf(id));
            written.add(id);
        }
    }

    /**
     * How many synchronizations (lock, unlock, acquire, release, barrier) the calling thread has
     * begun, as a live counter to read often and cheaply, on this thread only. A
     * {@link #readCheck} or {@link #writeCheck} the thread made stays good while the count is
     * unchanged, so instrumented code may skip repeating it.
     */
    public final IntSupplier syncCounter() {
        int[] count = instrumented.syncCounter();
        return () -> count[0];
    }

    /**
     * Called by the runtime when thread {@code globalThread}'s {@code start()} returns: its last writes become visible.
     * Fails if a release on this node failed part way (see the class comment), if the thread still
     * holds a lock or an acquired block (nobody else could ever take it, and the block's writes would
     * never be published), or if other threads of this node wait in a barrier, which can never
     * complete now.
     */
    public final void threadDone(int globalThread) {
        endWrites();
        awaitOwnAcquireAsync(); // an untouched acquireAsync still taking its block would hold it for ever, unseen here
        Thread me = Thread.currentThread();
        String held = exclusion.heldBy(me, registry);
        if (held != null) {
            throw new DsmException("start() returned while this thread still holds " + held
                    + ": release every block and unlock every lock before start() returns");
        }
        if (attendance.threadFinished("thread " + globalThread)) {
            throw new DsmException(attendance.whyNever()); // the job stops, and with it the threads in the barrier
        }
    }

    /**
     * Called by the runtime when every thread of node {@code node} has returned from {@code start()}
     * after {@code barriers} barriers. Returns why a barrier that threads of this node wait in now can
     * never complete (the caller stops the job with it), or null.
     */
    public final String nodeFinishedStart(int node, long barriers) {
        return attendance.nodeFinished(node, barriers) ? attendance.whyNever() : null;
    }

    /** How many barriers this node has completed, for {@link #nodeFinishedStart} on the other nodes. */
    public final long barriersCompleted() {
        return attendance.completedBarriers();
    }

    // ---------------------------------------------------------------- asynchronous forms

    /**
     * Starts {@link #update(Object, int)} in the background. Where the protocol can (LRC, SC), the
     * fetch is only sent, and no thread waits for the reply: issuing many of these before touching
     * any overlaps their round trips (prefetching), and a later {@code update} of the block waits
     * for the fetch in flight instead of sending another.
     */
    public final DsmFuture updateAsync(Object array, int index) {
        SharedObject so = sharedObject(array);
        int b = so.blockOf(index);
        return updateInBackground(array, so, b, b + 1);
    }

    /**
     * Starts {@link #update(Object, int, int)} in the background, like {@link #updateAsync(Object, int)}:
     * one call prefetches every block holding {@code [from, to)}. Under LRC the stale small blocks
     * that share a home are fetched in one message each way.
     */
    public final DsmFuture updateAsync(Object array, int from, int to) {
        SharedObject so = sharedObject(array);
        checkRange(so, from, to);
        return updateInBackground(array, so, firstBlock(so, from, to), endBlock(so, from, to));
    }

    /** Starts {@link #update(Object)} in the background, like {@link #updateAsync(Object, int)}. */
    public final DsmFuture updateAsync(Object obj) {
        SharedObject so = sharedObject(obj);
        return updateInBackground(obj, so, 0, so.blockCount());
    }

    /** The protocol starts what needs no waiting thread; a helper thread finishes only what that left stale. */
    private DsmFuture updateInBackground(Object result, SharedObject so, int from, int to) {
        endWrites(); // as acquireAsync does, and for the same reason (see async)
        return new DsmFuture(this, startUpdate(so, from, to).thenCompose(current -> current
                ? CompletableFuture.completedFuture(result)
                : helpers.run(result, () -> updateBlocks(so, from, to))));
    }

    /**
     * Starts {@link #acquire(Object, int)} in the background; the calling thread holds the block once
     * done. A thread's {@code acquireAsync} calls take their blocks in call order, one after the
     * other, as its blocking acquires would: asking in ascending block order keeps threads from
     * waiting for each other in a cycle.
     */
    public final DsmFuture acquireAsync(Object array, int index) {
        SharedObject so = sharedObject(array);
        int b = so.blockOf(index);
        Thread holder = Thread.currentThread();
        endWrites();
        return async(array, () -> acquireBlocks(so, b, b + 1, holder));
    }

    /** Starts {@link #acquire(Object)} in the background; the calling thread holds it once done (in call order, as above). */
    public final DsmFuture acquireAsync(Object obj) {
        SharedObject so = sharedObject(obj);
        Thread holder = Thread.currentThread();
        endWrites();
        return async(obj, () -> acquireBlocks(so, 0, so.blockCount(), holder));
    }

    /*
     * Both acquireAsync forms, and updateAsync, end the calling thread's instrumented writes at the
     * call, as acquire does: the helper thread that waits for the block cannot give up (see
     * awaitBlock) blocks the caller holds, so a caller touching the future while still holding
     * written blocks could deadlock with a thread that waits for one of them.
     *
     * A thread's acquireAsync calls take their blocks one after the other, in call order, as its
     * blocking acquires would: run side by side, two acquires started in ascending order could take
     * the later block first and wait for the earlier one, which another thread asking in the same
     * order holds while it waits for the later one, so threads that all ask in ascending order
     * would wait for each other for ever.
     */
    private DsmFuture async(Object result, Runnable op) {
        CompletableFuture<Object> previous = lastAcquireAsync.get();
        CompletableFuture<Object> acquired = previous == null || previous.isDone() ? helpers.run(result, op)
                : previous.handle((done, failed) -> null).thenCompose(ignored -> helpers.run(result, op));
        lastAcquireAsync.set(acquired);
        return new DsmFuture(this, acquired);
    }

    // ---------------------------------------------------------------- locks and barrier

    /**
     * Takes the job-wide lock of a registered shared object (an acquire point for all shared data),
     * after the blocks of the calling thread's earlier {@code acquireAsync} calls, as both lock forms do.
     * As with entering a Java monitor, an interrupt does not end the wait for the lock (the thread
     * stays interrupted); an abort of the job does.
     */
    public final void lock(Object obj) {
        lockId(LockIds.object(sharedObject(obj).key()), obj);
    }

    /** Releases the lock of a registered shared object (a release point for all shared data). */
    public final void unlock(Object obj) {
        unlockId(LockIds.object(sharedObject(obj).key()), "unlock(" + Registry.describe(obj) + ")");
    }

    /** Takes the job-wide lock called {@code name}. */
    public final void lock(String name) {
        lockId(LockIds.named(name), name);
    }

    /** Releases the job-wide lock called {@code name}. */
    public final void unlock(String name) {
        unlockId(LockIds.named(name), "unlock(\"" + name + "\")");
    }

    /** Takes lock {@code id}; {@code label} (a name or a shared object) names it in errors. */
    private void lockId(long id, Object label) {
        endWrites();
        // After the blocks the thread asked for earlier with acquireAsync, as an acquire is: holding the
        // lock while its earlier acquire waits for a block whose holder waits for the lock is a cycle of
        // waits that the program, asking for the block first as every thread does, never made.
        awaitOwnAcquireAsync();
        HolderMutex m = exclusion.lock(id, label);
        if (m.enter(Thread.currentThread(), this)) {
            try {
                checkCanGoOn(); // it may have waited for the lock while another thread's release of it failed
                acquireLock(id);
            } catch (RuntimeException e) {
                m.exit();
                throw e;
            }
        }
    }

    private void unlockId(long id, String call) {
        endWrites();
        HolderMutex m = heldLock(id, call);
        if (m.outermost(Thread.currentThread())) {
            letGo(() -> releaseLock(id), m::exit, () -> call);
        } else {
            m.exit();
        }
    }

    // ---------------------------------------------------------------- condition waits

    /**
     * Waits for a signal on the lock of registered object {@code obj}, which the calling thread
     * holds ({@link #lock(Object)}): lets go of the lock (a release point, however deeply the thread
     * holds it), sleeps until a thread of any node calls {@link #signalAll(Object)} after this call,
     * then takes the lock again (an acquire point) with its nesting restored, and returns. As with
     * {@link Object#wait}, a thread may also wake without a signal meant for it, so wait in a loop
     * that re-checks the condition: {@code while (!ready()) pool.await(obj);}. An interrupt ends
     * the wait with a {@link DsmException} whose cause is the {@link InterruptedException}, thrown
     * once the lock is held again as before (the thread stays interrupted).
     */
    public final void await(Object obj) {
        awaitLock(LockIds.object(sharedObject(obj).key()), obj, "await(" + Registry.describe(obj) + ")", 0, null);
    }

    /**
     * As {@link #await(Object)}, but stops waiting after {@code millis} ms (0: no limit) and takes
     * the lock again then too; true if it woke before the time ran out.
     */
    public final boolean await(Object obj, long millis) {
        return awaitLock(LockIds.object(sharedObject(obj).key()), obj, "await(" + Registry.describe(obj) + ")", millis, null);
    }

    /** As {@link #await(Object)} for the job-wide lock called {@code name} ({@link #lock(String)}). */
    public final void await(String name) {
        awaitLock(LockIds.named(name), name, "await(\"" + name + "\")", 0, null);
    }

    /** As {@link #await(Object, long)} for the job-wide lock called {@code name}. */
    public final boolean await(String name, long millis) {
        return awaitLock(LockIds.named(name), name, "await(\"" + name + "\")", millis, null);
    }

    /**
     * For instrumented code ({@code monitor.wait()} on a monitor that is a JDSM lock): as
     * {@link #await(Object, long)}, letting go while it waits of the Java monitor of
     * {@code monitor} too, which the caller holds. Interrupted, it throws as {@link #await(Object)}
     * does, holding the lock and the monitor again.
     */
    public final boolean awaitInMonitor(Object obj, long millis, Object monitor) {
        return awaitLock(LockIds.object(sharedObject(obj).key()), obj, "wait() on " + Registry.describe(obj), millis, monitor);
    }

    /** As {@link #awaitInMonitor(Object, long, Object)} for the job-wide lock called {@code name}. */
    public final boolean awaitInMonitor(String name, long millis, Object monitor) {
        return awaitLock(LockIds.named(name), name, "wait() on lock \"" + name + "\"", millis, monitor);
    }

    /**
     * Wakes every thread of the job that waits on the lock of registered object {@code obj} (in
     * {@link #await(Object)}); the calling thread must hold the lock. The woken threads take the lock
     * in turn once it is free.
     */
    public final void signalAll(Object obj) {
        long id = LockIds.object(sharedObject(obj).key());
        heldLock(id, "signalAll(" + Registry.describe(obj) + ")");
        conditions.signalAll(id);
    }

    /** As {@link #signalAll(Object)} for the job-wide lock called {@code name}. */
    public final void signalAll(String name) {
        long id = LockIds.named(name);
        heldLock(id, "signalAll(\"" + name + "\")");
        conditions.signalAll(id);
    }

    private boolean awaitLock(long id, Object label, String call, long millis, Object monitor) {
        if (millis < 0) {
            throw new IllegalArgumentException(call + ": negative time-out " + millis + " ms");
        }
        endWrites();
        HolderMutex m = heldLock(id, call);
        Thread me = Thread.currentThread();
        awaitOwnAcquireAsync(); // a block still being taken by an acquireAsync is held as well
        String block = exclusion.blockHeldBy(me, registry);
        if (block != null) {
            // Blocks are exclusive job-wide: the thread that would change the condition could not take it.
            throw new DsmException(call + ": this thread still holds " + block
                    + ", which a waiting thread keeps from every other; release it before waiting and acquire it again after");
        }
        long ticket = conditions.enlist(id); // before letting go: a signal by the lock's next holder finds this thread
        int depth = m.unwind(me);
        letGo(() -> releaseLock(id), m::exit, () -> call);
        boolean woken;
        ConditionWaitEvent sleep = ConditionWaitEvent.begun();
        try {
            woken = conditions.sleep(id, ticket, TimeUnit.MILLISECONDS.toNanos(millis), monitor);
        } catch (DsmException e) {
            sleep.end(context.stats(), id, false);
            if (!(e.getCause() instanceof InterruptedException)) {
                throw e; // the job aborts: nothing is to be held any more
            }
            relock(id, label, m, depth);
            throw e;
        }
        sleep.end(context.stats(), id, woken);
        relock(id, label, m, depth);
        return woken;
    }

    /**
     * Takes lock {@code id} again after a condition wait, {@code depth} deep. Also when the wait was
     * interrupted, as {@link Object#wait} takes its monitor again before it throws: the caller's
     * {@code finally { unlock(...); }} must find the lock held, or its error would hide the
     * interrupt. An interrupt does not stop the lock from being taken.
     */
    private void relock(long id, Object label, HolderMutex m, int depth) {
        lockId(id, label);
        m.rewind(Thread.currentThread(), depth);
    }

    /** The mutex of lock {@code id}, which the calling thread must hold; {@code call} names the call in the error. */
    private HolderMutex heldLock(long id, String call) {
        HolderMutex m = exclusion.existingLock(id);
        if (m == null || !m.heldBy(Thread.currentThread())) {
            throw new DsmException(call + ": this thread does not hold the lock");
        }
        return m;
    }

    /** Job-wide barrier: every thread of every node must call it; an acquire and release point. */
    public final void barrier() {
        endWrites();
        checkAborted(); // a reset by abort() wakes only the threads already waiting
        attendance.arrive();
        BarrierWaitEvent wait = BarrierWaitEvent.begun();
        try {
            localBarrier.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DsmException("interrupted in barrier()", e);
        } catch (BrokenBarrierException e) {
            checkAborted();
            checkCanGoOn(); // the node's part of it failed, on whichever thread ran it: name the cause
            throw new DsmException("barrier() broken: another thread of this node failed", e);
        } finally {
            wait.end(context.stats());
        }
    }

    // ---------------------------------------------------------------- for protocols

    /** This node's context (rank, sizes, Trans, statistics). */
    protected final PoolContext context() {
        return context;
    }

    protected final Trans trans() {
        return context.trans();
    }

    protected final DsmStats stats() {
        return context.stats();
    }

    protected final int myNode() {
        return context.myNode();
    }

    protected final int nodes() {
        return context.nodes();
    }

    /** Throws {@link JobAbortedException} if the job is stopping. Call it in every wait loop. */
    public final void checkAborted() {
        Throwable cause = abortCause;
        if (cause != null) {
            throw new JobAbortedException("job aborted: " + cause.getMessage(), cause);
        }
    }

    /**
     * Lets go of a lock, blocks or a barrier: runs {@code release}, the protocol's part, then
     * {@code exit}, this node's, even if the release fails. A release that fails part way (a value
     * that cannot be copied for the writes it publishes, say) may have let go of part of it and
     * sent part of what other nodes wait for: the node cannot go on. Its caller may catch the
     * failure and go on all the same, and the others would then wait for ever; so the failure is
     * kept, and every later synchronization of the node's threads, and the end of their
     * {@code start()}, fails naming it ({@link #checkCanGoOn}), which stops the job. The local exit
     * lets the node's threads that wait for the lock or blocks get there and fail so too.
     * {@code what} names the release, for that message.
     */
    private void letGo(Runnable release, Runnable exit, Supplier<String> what) {
        try {
            release.run();
        } catch (RuntimeException | Error e) {
            if (!(e instanceof JobAbortedException) && releaseFailure == null) { // an abort stops the job anyway
                releaseFailure = new DsmException("this node cannot go on: an earlier release failed part way ("
                        + what.get() + " on thread " + Thread.currentThread().getName() + "): " + e, e);
            }
            throw e;
        } finally {
            exit.run();
        }
    }

    /** Throws if a release on this node failed part way (see {@link #letGo}): the job stops, and the others need not wait for ever. */
    private void checkCanGoOn() {
        DsmException failed = releaseFailure;
        if (failed != null) {
            throw new DsmException(failed.getMessage(), failed.getCause());
        }
    }

    /**
     * Waits on {@code monitor} (held by the caller) until {@code done}; wakes to notice an abort.
     * As reading memory or entering a Java monitor, a DSM wait is not ended by an interrupt: the
     * thread stays interrupted for its own code to see. (Left half-done, a fetch, a lock or a block
     * request would be granted to no thread, and the lock or block held by nobody for ever.)
     */
    protected final void await(Object monitor, BooleanSupplier done) {
        await(monitor, done, () -> null);
    }

    /** As {@link #await(Object, BooleanSupplier)}; {@code why} says what is awaited, for the long-wait notice ({@link LongWait#check}). */
    final void await(Object monitor, BooleanSupplier done, Supplier<String> why) {
        waitOn(monitor, done, 0, why, false);
    }

    /**
     * For condition waits: as {@link #await(Object, BooleanSupplier, Supplier)}, for at most
     * {@code timeoutNanos} (0: no limit), and ended by an interrupt, as {@link Object#wait} is,
     * with a {@link DsmException} caused by it (the thread stays interrupted); returns {@code done}.
     */
    final boolean awaitInterruptibly(Object monitor, BooleanSupplier done, long timeoutNanos, Supplier<String> why) {
        return waitOn(monitor, done, timeoutNanos, why, true);
    }

    private boolean waitOn(Object monitor, BooleanSupplier done, long timeoutNanos, Supplier<String> why, boolean interruptible) {
        LongWait wait = new LongWait();
        long began = System.nanoTime();
        boolean interrupted = false;
        try {
            while (!done.getAsBoolean()) {
                checkAborted();
                wait.check(why);
                long sleep = 100;
                if (timeoutNanos > 0) {
                    long left = timeoutNanos - (System.nanoTime() - began);
                    if (left <= 0) {
                        return false;
                    }
                    sleep = Math.min(sleep, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
                try {
                    monitor.wait(sleep);
                } catch (InterruptedException e) {
                    interrupted = true;
                    if (interruptible) {
                        throw new DsmException("interrupted while waiting for the DSM", e);
                    }
                }
            }
            return true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt(); // kept for the caller
            }
        }
    }

    /** Runs {@code task} on a helper thread of this node (for work a Comm thread must not wait for). */
    final void runElsewhere(Runnable task) {
        helpers.runElsewhere(task);
    }

    /**
     * Waits for {@code future}, which brings block {@code b} of {@code so} to the calling thread (a
     * read copy or write access), for protocols whose writers exclude each other. Instrumented
     * writes hold their blocks until the thread's next synchronization, so two threads taking
     * blocks in different orders could wait for each other for ever: if the block does not come
     * soon, the thread first gives up (publishes) its written blocks ordered after this one
     * ({@link LockIds#block} order) and takes them back in ascending order once it came. A waiting
     * thread then holds only blocks before the one it waits for, so waits form no cycle. For
     * data-race-free programs this is invisible: no other thread touches the elements the thread
     * wrote before its next synchronization, and the block it takes back carries them.
     */
    protected final <T> T awaitBlock(SharedObject so, int b, Future<T> future) {
        long id = LockIds.block(so.key(), b);
        WrittenBlocks written = instrumented.current();
        if (!written.holdsAfter(id) || completesSoon(future)) {
            return await(future);
        }
        stats().increment(DsmStats.Counter.BLOCK_WAIT_YIELDS);
        long[] yielded = yieldWritesAfter(written, id);
        T result = await(future);
        retake(written, yielded);
        return result;
    }

    /**
     * True if {@code future} is done within {@link #YIELD_AFTER_MILLIS} (its outcome is left to
     * {@link #await}). An interrupted thread waits as long: taking its interrupt for "done" would
     * skip the yield on every wait while it stays interrupted, and its waits could form a cycle.
     */
    private static boolean completesSoon(Future<?> future) {
        try {
            getUninterruptibly(future, TimeUnit.MILLISECONDS.toNanos(YIELD_AFTER_MILLIS));
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        }
    }

    /** {@code future.get} for at most {@code timeoutNanos}, not ended by an interrupt, which stays set for the caller. */
    private static <T> T getUninterruptibly(Future<T> future, long timeoutNanos) throws ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + timeoutNanos;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true; // cleared by the throw: the next get waits
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits for a reply future; wakes to notice an abort. */
    protected final <T> T await(Future<T> future) {
        try {
            return awaitOutcome(future, false);
        } catch (ExecutionException e) {
            throw new DsmException(e.getCause().getMessage(), e.getCause());
        }
    }

    /**
     * Waits for {@code future} as {@link #await(Future)} does (an abort ends the wait, a long one
     * is reported), leaving its failure to the caller; if {@code interruptible}, an interrupt ends
     * the wait with a {@link DsmException} caused by it (the thread stays interrupted).
     */
    final <T> T awaitOutcome(Future<T> future, boolean interruptible) throws ExecutionException {
        LongWait wait = new LongWait();
        long slice = TimeUnit.MILLISECONDS.toNanos(100);
        while (true) {
            checkAborted();
            wait.check(() -> null);
            try {
                return interruptible ? future.get(slice, TimeUnit.NANOSECONDS) : getUninterruptibly(future, slice);
            } catch (TimeoutException e) {
                // loop to re-check abort
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DsmException("interrupted while waiting for the DSM", e);
            }
        }
    }

    /** Prepares protocol state (Trans is set, the mesh is not up yet). */
    protected abstract void onInit();

    /** Releases protocol state. */
    protected void onFin() {
    }

    /** A new object was registered (in {@code init()}, on every node, same order). */
    protected void onRegistered(SharedObject so) {
    }

    /** Makes {@code block} current for reading on this node. Called concurrently by local threads. */
    protected abstract void updateBlock(SharedObject so, int block);

    /** Gives this node exclusive write access to {@code block}, current. Local threads are already excluded. */
    protected abstract void acquireBlock(SharedObject so, int block);

    /** Ends this node's write access to {@code block}; its writes must become visible to later acquirers. */
    protected abstract void releaseBlock(SharedObject so, int block);

    /**
     * Ends this node's write access to blocks {@code [from, to)}, as {@link #releaseBlock} for each
     * (the calling thread holds them all once). Protocols may override it to do the blocks'
     * bookkeeping in one step.
     */
    protected void releaseBlockRange(SharedObject so, int from, int to) {
        for (int b = from; b < to; b++) {
            releaseBlock(so, b);
        }
    }

    /**
     * This node starts instrumented writes to {@code block} for the calling thread, until
     * {@link #endWriteBlocks}. The default takes the block exclusively, as {@code acquire} does
     * (correct for any protocol); protocols that merge concurrent writers override both.
     */
    protected void writeBlock(SharedObject so, int block) {
        lockBlocks(so, block, block + 1, Thread.currentThread());
    }

    /**
     * Ends the calling thread's instrumented writes to the blocks whose block-lock ids
     * ({@link LockIds#block}) are {@code ids[0, count)}, in any order: they must become visible to
     * later acquirers. The default releases each block {@link #writeBlock} took.
     */
    protected void endWriteBlocks(long[] ids, int count) {
        for (int i = 0; i < count; i++) {
            endWriteBlock(registry.get(LockIds.keyOf(ids[i])), LockIds.blockOf(ids[i]));
        }
    }

    /** What the default {@link #endWriteBlocks} does for one block. */
    private void endWriteBlock(SharedObject so, int block) {
        HolderMutex m = exclusion.block(so, block);
        if (m.startLeaving(Thread.currentThread())) {
            letGo(() -> releaseBlock(so, block), m::exit, () -> "release of block " + block + " of " + so + " written by instrumented code");
        } else {
            m.exit();
        }
    }

    /** Takes job-wide lock {@code id} for this node (local threads already excluded); an acquire point. */
    protected abstract void acquireLock(long id);

    /** Releases job-wide lock {@code id}; a release point. */
    protected abstract void releaseLock(long id);

    /** The node-level part of a barrier: called by one thread once all local threads arrived. */
    protected abstract void nodeBarrier();
}

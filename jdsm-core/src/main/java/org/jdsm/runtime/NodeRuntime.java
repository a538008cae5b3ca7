package org.jdsm.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.jdsm.DsmException;
import org.jdsm.JobAbortedException;
import org.jdsm.SharedObjectPool;
import org.jdsm.Spmd;
import org.jdsm.comm.Comm;
import org.jdsm.comm.Comms;
import org.jdsm.content.ArrayDiff;
import org.jdsm.content.FieldDiff;
import org.jdsm.content.ListDiff;
import org.jdsm.content.MapDiff;
import org.jdsm.content.NestedFieldDiff;
import org.jdsm.content.SetDiff;
import org.jdsm.trans.PeerLostException;
import org.jdsm.trans.RemoteException;
import org.jdsm.trans.Responder;
import org.jdsm.trans.Trans;
import org.jdsm.wire.WireFormat;

/**
 * Runs one node of a job through the paper's workflow: join the mesh, {@code init()} and the
 * registration check, {@code start()} on every thread, {@code fin()}, leave. Any failure on any
 * node stops the whole job with a message that names the node and the cause.
 */
public final class NodeRuntime {

    private static final String REGISTERED = "registered";
    private static final String STARTED = "started";
    private static final String FINISHED = "finished";

    private final NodeConfig config;
    private final ClientFiles clientFiles;
    private final DsmStats stats = new DsmStats();
    private final CompletableFuture<Void> abortSignal = new CompletableFuture<>();
    private final FirstFailure failure = new FirstFailure();
    private volatile boolean leaving;
    /** Set once this node has joined the mesh: from then on it can tell the others. */
    private volatile boolean joined;
    /**
     * Per node, completed once that node told this one it failed (its Abort) or is leaving the failed
     * job ({@link ControlMessage.Stopping}): no answer from it is awaited.
     */
    private final CompletableFuture<?>[] stopping;
    private SharedObjectPool pool;
    private Trans trans;
    private PhaseCoordinator coordinator;
    private List<Map<String, Long>> jobStats;

    /** A node on the client's own machine: {@link org.jdsm.Spmd#readClientFile} reads local files. */
    public NodeRuntime(NodeConfig config) {
        this(config, LocalClientFiles.workingDirectory());
    }

    /** A node whose client's files are reached through {@code clientFiles} (a remote launcher's). */
    public NodeRuntime(NodeConfig config, ClientFiles clientFiles) {
        this.config = config;
        this.clientFiles = clientFiles;
        this.stopping = new CompletableFuture<?>[config.commConfig().nodes()];
        for (int n = 0; n < stopping.length; n++) {
            stopping[n] = new CompletableFuture<Void>();
        }
    }

    private int myNode() {
        return config.commConfig().myNode();
    }

    private int nodes() {
        return config.commConfig().nodes();
    }

    /** Runs the node to the end. Returns normally only if the whole job succeeded. */
    public void run() {
        boolean succeeded = false;
        try {
            Spmd spmd = JobClasses.instantiate(config.jobClass(), config.loader());
            PoolProvider provider = Pools.provider(config.protocol());
            List<Class<?>> classes = new ArrayList<>(List.of(ArrayDiff.class, FieldDiff.class, NestedFieldDiff.class, ListDiff.class, MapDiff.class, SetDiff.class,
                    ControlMessage.Arrive.class, ControlMessage.Abort.class, ControlMessage.StartDone.class,
                    ControlMessage.Stopping.class));
            classes.addAll(ConditionMessage.classes());
            classes.addAll(provider.messageClasses());
            WireFormat wire = new WireFormat(classes, config.loader());
            pool = provider.create();
            Comm comm = Comms.create(config.comm());
            trans = new Trans(comm, wire, new NodeRouter(this, pool), Math.max(2, Math.min(4, nodes())));
            if (myNode() == 0) {
                coordinator = new PhaseCoordinator(nodes(), Map.of(REGISTERED, RegistrationCheck::compare,
                        FINISHED, this::collectStats));
            }
            pool.init(new PoolContext(myNode(), nodes(), config.threadsPerNode(), trans, wire, stats));
            trans.init(config.commConfig());
            joined = true;
            spmd.bind(new JobInfo(myNode(), nodes(), config.threadsPerNode(), config.args(), clientFiles), pool, comm);

            pool.setRegistrationOpen(true);
            try {
                spmd.init();
            } catch (RuntimeException | Error e) {
                throw fail("init()", e);
            } finally {
                pool.setRegistrationOpen(false);
            }
            phase(REGISTERED, new ArrayList<>(pool.signatures()));
            SpmdThreads.running(pool, true);
            try {
                runStart(spmd);
            } finally {
                SpmdThreads.running(pool, false);
            }
            warnIfSharedObjectsUnreached();
            announceStartDone();
            phase(STARTED, null);
            SpmdThreads.setFin(pool); // instrumented reads in fin() are checked too
            try {
                spmd.fin();
            } catch (RuntimeException | Error e) {
                throw fail("fin()", e);
            } finally {
                SpmdThreads.clear();
            }
            leaving = true;
            phase(FINISHED, statsPayload());
            if (myNode() == 0 && config.stats() && jobStats != null) {
                System.out.print(StatsTable.table(jobStats));
                System.out.println("JDSM statistics JSON " + StatsTable.json(jobStats));
            }
            succeeded = true;
        } finally {
            leaving = true;
            if (!succeeded && joined) {
                announceStopping();
            }
            // Clean-up failures must not hide the job's own outcome.
            quietly(pool == null ? null : pool::fin);
            // After a failure nothing is left to deliver: a hung peer must not hold this node up for
            // the grace a good ending gives the peers to read all.
            quietly(trans == null ? null : succeeded ? trans::fin : trans::abort);
        }
    }

    /**
     * Warns when this node registered shared objects that its {@code start()} never reached through
     * the pool: plain code ({@code a[i] = ...}, {@code synchronized (shared)}) run without
     * {@code --instrument} reads and writes only the node's own copies, and the job's results were
     * silently wrong.
     */
    private void warnIfSharedObjectsUnreached() {
        if (nodes() > 1 && !pool.signatures().isEmpty() && !pool.sharedObjectsReached()) {
            System.err.println("jdsm: warning: node " + myNode() + " registered shared objects, but its start()"
                    + " made no update, acquire, release or lock call on any of them: plain code (a[i] = ...,"
                    + " synchronized (shared)) reads and writes only this node's copies; run the job with"
                    + " --instrument, or read after pool.update and write between pool.acquire and pool.release");
        }
    }

    private static void quietly(Runnable cleanup) {
        if (cleanup == null) {
            return;
        }
        try {
            cleanup.run();
        } catch (RuntimeException e) {
            System.getLogger(NodeRuntime.class.getName()).log(System.Logger.Level.WARNING, "clean-up failed", e);
        }
    }

    private void runStart(Spmd spmd) {
        int threads = config.threadsPerNode();
        List<Thread> workers = new ArrayList<>();
        Throwable[] errors = new Throwable[threads];
        for (int t = 0; t < threads; t++) {
            int global = myNode() * threads + t;
            int local = t;
            Thread w = new Thread(() -> {
                SpmdThreads.set(global, pool);
                try {
                    spmd.start();
                    pool.threadDone(global);
                } catch (Throwable e) {
                    errors[local] = e;
                    if (!(e instanceof JobAbortedException)) {
                        fail("start() on thread " + global, e);
                    }
                } finally {
                    SpmdThreads.clear();
                }
            }, "jdsm-n" + myNode() + "-t" + global);
            w.setDaemon(true);
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            while (w.isAlive()) {
                join(w);
                if (failure.isRecorded()) {
                    awaitStopped(workers);
                    throw failed();
                }
            }
        }
        if (failure.isRecorded()) {
            throw failed();
        }
        for (int t = 0; t < threads; t++) {
            // A thread that threw must never let the node pass for finished, even if reporting it failed.
            if (errors[t] != null && !(errors[t] instanceof JobAbortedException)) {
                throw fail("start() on thread " + (myNode() * threads + t), errors[t]);
            }
        }
    }

    /**
     * Gives the other threads of a failed node a moment to notice the abort, then stops waiting for
     * them. The abort is repeated meanwhile: a thread that entered {@code barrier()} just as it
     * happened may have missed its wake-up.
     */
    private void awaitStopped(List<Thread> workers) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        for (Thread other : workers) {
            while (other.isAlive() && System.nanoTime() < deadline) {
                try {
                    other.join(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                pool.abort(new DsmException(failure.reason()));
            }
        }
    }

    /** Tells the other nodes that this node's threads will call no more barriers (see {@link SharedObjectPool#nodeFinishedStart}). */
    private void announceStartDone() {
        ControlMessage done = new ControlMessage.StartDone(myNode(), pool.barriersCompleted());
        for (int n = 0; n < nodes(); n++) {
            if (n != myNode()) {
                trans.request(n, done); // the reply only says it arrived
            }
        }
    }

    /**
     * Tells the other nodes that this node leaves the failed job. A node stopped by one node's Abort
     * would otherwise leave unseen (LocalComm reports no departures) before another failing node's
     * Abort reached it, and that node waited its full 2 s for an answer that never came.
     */
    private void announceStopping() {
        ControlMessage leavingNow = new ControlMessage.Stopping(myNode());
        for (int n = 0; n < nodes(); n++) {
            if (n != myNode()) {
                int node = n;
                quietly(() -> trans.asend(node, leavingNow)); // a node that is gone needs no word
            }
        }
    }

    private void join(Thread w) {
        try {
            w.join(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DsmException("interrupted while running start()", e);
        }
    }

    /**
     * Waits until every node reached {@code phase}; fails with node 0's verdict or an abort. Node 0
     * answers with an {@link ControlMessage.Abort} once the job stopped ({@link PhaseCoordinator#stop}),
     * and a node 0 that is gone does not answer at all: both stop this node as another node's failure.
     */
    private void phase(String phase, Object payload) {
        CompletableFuture<Object> reply = trans.request(0, new ControlMessage.Arrive(phase, payload));
        Object verdict = CompletableFuture.anyOf(reply, abortSignal)
                .handle((v, e) -> e == null ? v : new ControlMessage.Abort(0, whyNode0DidNotAnswer(e)))
                .join();
        if (verdict instanceof ControlMessage.Abort abort) {
            abortFromElsewhere("job stopped because " + abort.reason());
        }
        if (failure.isRecorded()) {
            throw failed();
        }
        if (!"ok".equals(verdict)) {
            throw new DsmException(String.valueOf(verdict));
        }
    }

    /**
     * The exception that ends this node: {@link JobAbortedException} if another node stopped the job.
     * First waits (a few seconds at most) until {@link #fail} has told the other nodes: it may run on
     * another thread (a Comm worker for a failed message handler), and this node's threads, woken by
     * the abort, may end before it has sent a word; leaving then closed the Comm under it, and over
     * LocalComm, which reports no departure, the others waited for ever.
     */
    private DsmException failed() {
        try {
            abortSignal.get(5, TimeUnit.SECONDS);
        } catch (Exception notYet) {
            // Leave anyway: the others learn of it when this node's connections close (NettyComm, UcxComm).
        }
        return failure.elsewhere() ? new JobAbortedException(failure.reason(), null) : new DsmException(failure.reason());
    }

    /**
     * Records this node's own failure, tells every other node, and returns the exception to throw.
     * A failure caused by a lost node (a request to it failed) is that node's loss instead: Trans
     * fails the requests before this node's handler hears of the loss, and a thread woken by one
     * first named this node as the culprit ("node 1 failed in start(): node 0: node failed: ..."),
     * which the other nodes then repeated.
     */
    private DsmException fail(String where, Throwable e) {
        PeerLostException lost = Failures.find(e, PeerLostException.class);
        if (lost != null) {
            peerFailed(lost.node(), lost.getCause());
            if (failure.isRecorded()) {
                return failed();
            }
        }
        String reason = "node " + myNode() + " failed in " + where + ": " + Failures.describe(e);
        if (failure.record(reason, false)) { // only one thread tells the others
            pool.abort(new DsmException(reason, e));
            tellOthers(reason);
            abortSignal.complete(null);
        }
        return new DsmException(reason, e);
    }

    /** Sends every other node an {@link ControlMessage.Abort} for {@code reason}; waits (2 s at most) for their answers. */
    private void tellOthers(String reason) {
        List<CompletableFuture<Object>> acks = new ArrayList<>();
        for (int n = 0; n < nodes(); n++) {
            if (n != myNode()) {
                // A node that failed as well, or was stopped by another, may leave before it answers: its own
                // Abort or its Stopping notice does instead.
                acks.add(CompletableFuture.anyOf(trans.request(n, new ControlMessage.Abort(myNode(), reason)),
                        stopping[n]));
            }
        }
        try {
            CompletableFuture.allOf(acks.toArray(new CompletableFuture[0])).get(2, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // Best effort: a node that cannot be told is dead or leaving already.
        }
    }

    /**
     * Called when this node's JVM shuts down before the node finished: the job called
     * {@code System.exit}, or a signal ends it. Tells the other nodes to stop now, as they would
     * otherwise wait for this node until its JVM is gone: for ever if a shutdown hook of the job
     * hangs. This node's own threads are left alone: the JVM ends them, with the job's exit code.
     */
    public void jvmShuttingDown() {
        if (joined && !leaving && !failure.isRecorded()) {
            tellOthers("node " + myNode() + "'s JVM is shutting down before the job ended (System.exit in the job, or a signal)");
        }
    }

    private void abortFromElsewhere(String reason) {
        if (failure.record(reason, true)) {
            pool.abort(new DsmException(reason));
            abortSignal.complete(null);
        }
    }

    /** Node {@code message.node()} leaves the failed job: it answers no more, so it is not awaited. */
    void peerStopping(ControlMessage.Stopping message) {
        stopping[message.node()].complete(null);
    }

    void control(int from, ControlMessage message, Responder responder) {
        if (message instanceof ControlMessage.Arrive arrive) {
            coordinator.arrive(from, arrive, responder);
        } else if (message instanceof ControlMessage.Abort abort) {
            stopping[abort.node()].complete(null);
            // Answer first: stopping may let this node leave before a later answer goes out.
            responder.reply("ok");
            abortFromElsewhere("job stopped because " + abort.reason());
        } else if (message instanceof ControlMessage.StartDone done) {
            String never = pool.nodeFinishedStart(done.node(), done.barriers());
            if (never != null) {
                // fail() waits for the other nodes' answers: not on this message thread.
                Thread stopper = new Thread(() -> fail("barrier()", new DsmException(never)), "jdsm-n" + myNode() + "-stop");
                stopper.setDaemon(true);
                stopper.start();
            }
            responder.reply("ok");
        }
    }

    /**
     * A peer is gone. Once this node has arrived at the last phase, peers leave as the job ends, so
     * only node 0 can tell a lost peer from one that is done: one it still awaits there. It stops
     * the phases then, or the others, which ignore the loss, would wait for them for ever.
     */
    void peerFailed(int node, Throwable cause) {
        if (leaving && (coordinator == null || !coordinator.awaits(FINISHED, node))) {
            return;
        }
        String reason = unreachable(node, cause);
        if (coordinator != null) {
            coordinator.stop(new ControlMessage.Abort(node, reason));
        }
        abortFromElsewhere("job stopped because " + reason);
    }

    private static String unreachable(int node, Throwable cause) {
        return "node " + node + " is unreachable: " + cause.getMessage();
    }

    /**
     * Why a request to node 0 failed, from the exception that failed its future: lost as
     * {@link #peerFailed} words it, since either may tell the job first.
     */
    private static String whyNode0DidNotAnswer(Throwable e) {
        PeerLostException lost = Failures.find(e, PeerLostException.class);
        if (lost != null) {
            return unreachable(0, lost.getCause());
        }
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return "node 0 did not answer: " + (cause instanceof RemoteException remote ? remote.reason() : Failures.text(cause));
    }

    void internalError(int fromNode, Throwable error) {
        fail("handling a message from node " + fromNode, error);
    }

    private Map<String, Long> statsPayload() {
        Map<String, Long> out = new LinkedHashMap<>();
        stats.snapshot().forEach((k, v) -> out.put(k.name().toLowerCase(), v));
        long msgs = 0;
        long bytes = 0;
        for (int n = 0; n < nodes(); n++) {
            msgs += trans.traffic().sentMessages(n);
            bytes += trans.traffic().sentBytes(n);
        }
        out.put("msgs_sent", msgs);
        out.put("bytes_sent", bytes);
        for (int n = 0; n < nodes(); n++) {
            out.put("msgs_to_" + n, trans.traffic().sentMessages(n));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private String collectStats(Object[] perNode) {
        List<Map<String, Long>> all = new ArrayList<>();
        for (Object o : perNode) {
            all.add((Map<String, Long>) o);
        }
        jobStats = all;
        return null;
    }

    /** The counters of this node (for tests and benchmarks). */
    public DsmStats stats() {
        return stats;
    }
}

package org.jdsm.trans;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jdsm.comm.ByteBuffers;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.DirectDispatcher;
import org.jdsm.comm.MessageWriter;
import org.jdsm.wire.WireFormat;

/**
 * The Trans layer (JDSM paper, Table 1): typed messages between nodes and logical threads, on top
 * of a {@link Comm}. It serializes with a {@link WireFormat}, runs handlers (FIFO per source node,
 * see {@link MessageHandler}) either directly on the Comm's I/O threads, for a
 * {@link MessageHandler#nonBlocking() non-blocking} handler, or on a bounded worker pool, and
 * matches requests with replies through futures. It is the only way a DSM protocol talks to other
 * nodes.
 *
 * <p>Handling on the I/O thread keeps per-pair FIFO without any queue, because every Comm delivers
 * one pair's messages on one thread in order, and never on the sending thread (so a handler cannot
 * re-enter one that is sending).
 */
public final class Trans implements DirectDispatcher {

    private static final System.Logger LOG = System.getLogger(Trans.class.getName());

    private static final byte ONE_WAY = 0;
    private static final byte REQUEST = 1;
    private static final byte REPLY = 2;
    private static final byte FAILURE = 3;
    private static final byte TO_THREAD = 4;

    // The first byte of an express message: the handler's, or Trans's own (neither counted as traffic).
    private static final byte EXPRESS_HANDLER = 0;
    private static final byte EXPRESS_HEARTBEAT = 1;
    private static final byte EXPRESS_LEAVING = 2;

    /** Largest payload of {@link #expressSend}: the Comm's limit less Trans's mark. */
    public static final int EXPRESS_MAX_BYTES = Comm.EXPRESS_MAX_BYTES - 1;

    private final Comm comm;
    private final WireFormat wire;
    private final MessageHandler handler;
    /** Handlers run on the I/O thread that delivers (see {@link MessageHandler#nonBlocking()}). */
    private final boolean inline;
    private final ExecutorService workers;
    private final AtomicLong nextRequestId = new AtomicLong();
    private final Map<Long, PendingRequest> pending = new ConcurrentHashMap<>();
    private final Map<Integer, BlockingQueue<Object>> mailboxes = new ConcurrentHashMap<>();
    private SerialLanes bulkLanes;
    private SerialLanes expressLanes;
    private TrafficCounters traffic;
    private PeerWatch watch;
    /** 1 for a node reported lost: reported once, whether by the Comm or by the {@link PeerWatch}. */
    private AtomicIntegerArray lost;
    private volatile boolean joined;
    private volatile boolean closed;

    private record PendingRequest(int node, CompletableFuture<Object> future) {
    }

    /**
     * @param comm         an uninitialized Comm; {@link #init} initializes it
     * @param wire         the job's wire format (same registrations on every node)
     * @param handler      receives this node's messages
     * @param workerThreads size of the handler pool
     */
    public Trans(Comm comm, WireFormat wire, MessageHandler handler, int workerThreads) {
        this.comm = comm;
        this.wire = wire;
        this.handler = handler;
        this.inline = handler.nonBlocking();
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(workerThreads, r -> {
            Thread t = new Thread(r, "jdsm-trans-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Joins the job: initializes the Comm (which connects the mesh) with this Trans as its dispatcher,
     * then watches the peers: one unheard for {@code peer.timeoutSeconds} (a {@link CommConfig}
     * option or the system property {@code jdsm.peer.timeoutSeconds}; default 30, 0 for never) is
     * reported lost, as the Comm reports a closed connection.
     */
    public void init(CommConfig config) {
        double timeout = PeerWatch.timeoutSeconds(config);
        bulkLanes = new SerialLanes(config.nodes(), workers);
        expressLanes = new SerialLanes(config.nodes(), workers);
        traffic = new TrafficCounters(config.nodes());
        lost = new AtomicIntegerArray(config.nodes());
        watch = new PeerWatch(config.myNode(), traffic, timeout, new PeerWatch.Peers() {
            @Override
            public void heartbeat(int node) {
                comm.expressSend(node, new byte[] {EXPRESS_HEARTBEAT});
            }

            @Override
            public void silent(int node, long silentNanos) {
                peerFailed(node, new CommException("no message from node " + node + " for "
                        + PeerWatch.seconds(silentNanos) + ": its JVM is stopped or hung, or its host or the network"
                        + " is down (the limit is jdsm." + PeerWatch.TIMEOUT_OPTION + "=" + timeout + ")"));
            }
        });
        comm.init(config, this);
        joined = true;
        if (timeout > 0) {
            watch.start();
        }
    }

    /** Leaves the job: closes the Comm ({@link Comm#fin}), fails pending requests, stops the workers. */
    public void fin() {
        leave(comm::fin);
    }

    /**
     * Leaves a job that failed, as {@link #fin} does but without waiting for hung peers'
     * goodbyes ({@link Comm#abort}).
     */
    public void abort() {
        leave(comm::abort);
    }

    /** Tells every peer still there that this node goes, so that its silence from now on is no news. */
    private void leave(Runnable closeComm) {
        closed = true;
        if (joined) {
            watch.stop();
            for (int n = 0; n < nodes(); n++) {
                if (n != myNode() && lost.get(n) == 0) {
                    comm.expressSend(n, new byte[] {EXPRESS_LEAVING});
                }
            }
        }
        closeComm.run();
        pending.values().forEach(p -> p.future.completeExceptionally(
                new RemoteException(p.node, "the job is shutting down")));
        pending.clear();
        workers.shutdown();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public int myNode() {
        return comm.myNode();
    }

    public int nodes() {
        return comm.nodes();
    }

    public WireFormat wire() {
        return wire;
    }

    public TrafficCounters traffic() {
        return traffic;
    }

    /** Sends {@code message} to the node-level handler of {@code node}. */
    public void asend(int node, Object message) {
        send(node, out -> out.writeByte(ONE_WAY), message);
    }

    /** Sends {@code message} to logical thread {@code localThread} of {@code node}; it reads it with {@link #receive}. */
    public void asend(int node, int localThread, Object message) {
        send(node, out -> {
            out.writeByte(TO_THREAD);
            out.writeVarInt(localThread, true);
        }, message);
    }

    /** Takes the next message sent to {@code localThread} of this node, waiting up to {@code millis}; null on time-out. */
    public Object receive(int localThread, long millis) throws InterruptedException {
        return mailbox(localThread).poll(millis, TimeUnit.MILLISECONDS);
    }

    /**
     * Sends a small message on the express path (see {@link Comm#expressSend}): at most
     * {@link #EXPRESS_MAX_BYTES}, as Trans marks each with a byte of its own.
     */
    public void expressSend(int node, byte[] message) {
        if (message.length > EXPRESS_MAX_BYTES) {
            throw new IllegalArgumentException("express message of " + message.length + " bytes exceeds "
                    + EXPRESS_MAX_BYTES);
        }
        byte[] marked = new byte[message.length + 1];
        marked[0] = EXPRESS_HANDLER;
        System.arraycopy(message, 0, marked, 1, message.length);
        traffic.sent(node, marked.length);
        comm.expressSend(node, marked);
    }

    /**
     * Sends a request; the future completes with the handler's reply or fails with {@link RemoteException}
     * ({@link PeerLostException} if the node is lost before it answers).
     */
    public CompletableFuture<Object> request(int node, Object request) {
        long id = nextRequestId.incrementAndGet();
        CompletableFuture<Object> future = new CompletableFuture<>();
        pending.put(id, new PendingRequest(node, future));
        if (closed) {
            failPending(id, new RemoteException(node, "the job is shutting down"));
            return future;
        }
        send(node, out -> {
            out.writeByte(REQUEST);
            out.writeVarLong(id, true);
        }, request);
        return future;
    }

    /**
     * Encodes into this thread's buffer, from which the Comm takes its copy; large arrays go from
     * where they are straight into the Comm's send memory. Each send is counted before it is made:
     * the receiver may answer before asend returns.
     */
    private void send(int node, Consumer<Output> header, Object payload) {
        wire.encode(header, payload, new WireFormat.EncodedSink() {
            @Override
            public void take(byte[] buffer, int length) {
                traffic.sent(node, length);
                comm.asend(node, buffer, 0, length);
            }

            @Override
            public void take(MessageWriter message) {
                traffic.sent(node, message.length());
                comm.asend(node, message);
            }
        });
    }

    // ---- Dispatcher: called on Comm I/O threads; handle there, or hand to the source's lane. ----

    @Override
    public void received(int fromNode, byte[] message) {
        traffic.received(fromNode, message.length);
        if (inline) {
            handle(fromNode, wire.open(message));
        } else {
            bulkLanes.submit(fromNode, () -> handle(fromNode, wire.open(message)));
        }
    }

    /** A lent buffer: decoded right here when handling inline, else copied for the worker. */
    @Override
    public void received(int fromNode, byte[] buffer, int length) {
        if (inline) {
            traffic.received(fromNode, length);
            handle(fromNode, wire.open(buffer, length));
        } else {
            received(fromNode, Arrays.copyOf(buffer, length));
        }
    }

    /** Lent native memory: decoded right there when handling inline (no copy), else copied for the worker. */
    @Override
    public void received(int fromNode, ByteBuffer message) {
        if (inline) {
            traffic.received(fromNode, message.remaining());
            handle(fromNode, wire.open(message));
        } else {
            received(fromNode, ByteBuffers.remainingCopy(message));
        }
    }

    @Override
    public void expressReceived(int fromNode, byte[] message) {
        switch (message.length == 0 ? -1 : message[0]) {
            case EXPRESS_HEARTBEAT -> {
                watch.heartbeatFrom(fromNode);
                return;
            }
            case EXPRESS_LEAVING -> {
                watch.unwatch(fromNode);
                return;
            }
            case EXPRESS_HANDLER -> traffic.received(fromNode, message.length);
            default -> {
                guard(fromNode, () -> {
                    throw new IllegalStateException("unknown express message kind from node " + fromNode);
                });
                return;
            }
        }
        byte[] payload = Arrays.copyOfRange(message, 1, message.length);
        Runnable task = () -> guard(fromNode, () -> handler.expressReceived(fromNode, payload));
        if (inline) {
            task.run();
        } else {
            expressLanes.submit(fromNode, task);
        }
    }

    @Override
    public void peerFailed(int node, Throwable cause) {
        if (closed || !lost.compareAndSet(node, 0, 1)) {
            return;
        }
        watch.unwatch(node);
        pending.forEach((id, p) -> {
            if (p.node == node) {
                failPending(id, new PeerLostException(node, cause));
            }
        });
        bulkLanes.submit(node, () -> handler.peerFailed(node, cause));
    }

    private void failPending(long id, RemoteException failure) {
        PendingRequest p = pending.remove(id);
        if (p != null) {
            p.future.completeExceptionally(failure);
        }
    }

    private void handle(int from, Input in) {
        guard(from, () -> {
            byte kind = in.readByte();
            switch (kind) {
                case ONE_WAY -> handler.received(from, wire.readPayload(in));
                case REQUEST -> {
                    long id = in.readVarLong(true);
                    handler.requested(from, wire.readPayload(in), new RemoteResponder(from, id));
                }
                case REPLY -> complete(in.readVarLong(true), wire.readPayload(in));
                case FAILURE -> {
                    long id = in.readVarLong(true);
                    failPending(id, new RemoteException(from, String.valueOf(wire.readPayload(in))));
                }
                case TO_THREAD -> {
                    int thread = in.readVarInt(true);
                    mailbox(thread).add(wire.readPayload(in));
                }
                default -> throw new IllegalStateException("unknown message kind " + kind + " from node " + from);
            }
        });
    }

    private void complete(long id, Object response) {
        PendingRequest p = pending.remove(id);
        if (p != null) {
            p.future.complete(response);
        }
    }

    private BlockingQueue<Object> mailbox(int localThread) {
        return mailboxes.computeIfAbsent(localThread, t -> new LinkedBlockingQueue<>());
    }

    /**
     * A handler that throws leaves this node inconsistent: report it instead of losing it. The report
     * goes to a worker, since reacting to it may wait (e.g. for other nodes to acknowledge an abort).
     */
    private void guard(int from, Runnable task) {
        try {
            task.run();
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.ERROR, "node " + myNode() + ": handling a message from node " + from + " failed", e);
            try {
                workers.execute(() -> handler.failed(from, e));
            } catch (RejectedExecutionException stopped) {
                // fin() has stopped the workers: the job is over, nothing is left to tell.
            }
        }
    }

    /** Sends the reply of one request back to the requester, exactly once. */
    private final class RemoteResponder implements Responder {
        private final int node;
        private final long id;
        private final AtomicBoolean done = new AtomicBoolean();

        RemoteResponder(int node, long id) {
            this.node = node;
            this.id = id;
        }

        @Override
        public void reply(Object response) {
            answer(REPLY, response);
        }

        @Override
        public void fail(String reason) {
            answer(FAILURE, reason);
        }

        private void answer(byte kind, Object payload) {
            if (!done.compareAndSet(false, true)) {
                throw new IllegalStateException("request " + id + " from node " + node + " answered twice");
            }
            if (!closed) {
                send(node, out -> {
                    out.writeByte(kind);
                    out.writeVarLong(id, true);
                }, payload);
            }
        }
    }
}

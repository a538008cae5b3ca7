package org.jdsm.comm.ucx;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.Departure;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.MessageLimits;
import org.jdsm.comm.MessageWriter;

/**
 * {@link Comm} over UCX ({@code libucp}) through JDSM's own JNI shim: InfiniBand/RoCE verbs where
 * the cluster has them, UCX's TCP and shared-memory transports elsewhere; UCX picks by its own
 * rules, steered by {@code UCX_TLS} and the other UCX variables (see jdsm-comm/UCX.md). Select it
 * with {@code jdsm.comm=ucx}; constructing one fails with a message saying what to install where
 * the shim or libucp is missing ({@link UcxLibrary}).
 *
 * <p>Start-up goes through an authenticated TCP connection per pair ({@code Bootstrap}), which
 * stays open to reveal dead peers. Messages are tagged UCX sends:
 * every pair has a bulk and an express endpoint, so express messages never queue behind bulk data,
 * and each peer's tag carries a key only authenticated peers know. One progress thread per node
 * does all UCX work ({@code Progress}); each message is copied once between its Java array and a
 * native buffer UCX works on (arrays are never pinned). A {@link org.jdsm.comm.BufferDispatcher}
 * gets bulk messages in one reused receive buffer, lent for the callback; a
 * {@link org.jdsm.comm.DirectDispatcher} gets bulk messages from {@link UcxMesh#DIRECT_MIN_BYTES}
 * up in the native buffer UCX received them into, with no copy.
 *
 * <p>Options ({@link CommConfig#option}, else system property {@code jdsm.}<i>option</i>, e.g.
 * {@code -Djdsm.ucx.progress=poll}):
 * <ul>
 *   <li>{@code ucx.progress} — {@code wait} (default: spin briefly, then sleep on UCX's event fd) or
 *       {@code poll} (spin always: lowest latency, one busy core per node)</li>
 *   <li>{@code ucx.spinMicros} — how long {@code wait} spins after the last work (default 50)</li>
 *   <li>{@code ucx.errorHandling} — {@code auto} (default), {@code peer} or {@code none}: UCX peer error
 *       handling, which UCX 1.13's shared-memory transports do not support, so {@code auto} enables
 *       it only where {@code UCX_TLS} rules shared memory out. Dead peers are found through the
 *       control connection either way.</li>
 *   <li>{@code ucx.config.NAME} — UCX setting NAME for this node, e.g. {@code ucx.config.TLS=tcp};
 *       overrides the environment variable {@code UCX_NAME}</li>
 *   <li>{@code ucx.port}, {@code ucx.advertiseHost} — the bootstrap listener's port (default any)
 *       and the host other nodes dial (default the bind host)</li>
 *   <li>{@code ucx.handshakeTimeoutMs} — time an accepted connection has to authenticate (default 10000)</li>
 * </ul>
 *
 * <p>{@link #fin} sends what is queued, says goodbye ({@code Farewells}) and closes every endpoint
 * and thread; {@link #abort} does too but waits only briefly for the peers' goodbyes
 * ({@link Departure}). Neither may be called from a Dispatcher callback.
 */
public final class UcxComm implements Comm {

    /** Messages that write themselves go straight into staging memory from this size up. */
    static final int STAGED_MIN_BYTES = 64 << 10;

    private volatile CommConfig config;
    private volatile Progress progress;
    private boolean finished;

    /** @throws CommException if the UCX shim or libucp cannot be loaded (the message says what to do) */
    public UcxComm() {
        UcxLibrary.require();
    }

    @Override
    public synchronized void init(CommConfig config, Dispatcher dispatcher) {
        if (this.config != null) {
            throw new IllegalStateException("UcxComm.init may be called only once");
        }
        if (config.nodes() > Tags.MAX_NODES) {
            throw new CommException("UcxComm supports at most " + Tags.MAX_NODES + " nodes, not " + config.nodes());
        }
        this.config = config;
        long deadline = System.nanoTime() + config.connectTimeout().toNanos();
        UcxOptions options = UcxOptions.from(config);
        UcxWorker worker;
        try {
            worker = new UcxWorker(options.ucxConfig(), !options.poll());
        } catch (UcxException e) {
            // UCX's own reason ("no usable transports") is only in its log lines: say what to check.
            throw new CommException("UCX could not start: " + e.getMessage() + "; "
                    + options.transportsNote(), e);
        }
        List<ControlChannel> channels = new ArrayList<>();
        try {
            channels.addAll(Bootstrap.connect(config, options, worker.address(), deadline));
            UcxMesh mesh = new UcxMesh(config.myNode(), peers(config, options, worker, channels), dispatcher);
            Progress p = new Progress(worker, mesh, new Controls(mesh), options, config.maxFrameBytes());
            p.start();
            progress = p;
        } catch (IOException | RuntimeException e) {
            channels.forEach(ControlChannel::close);
            worker.close();
            throw e instanceof CommException ce ? ce
                    : new CommException("node " + config.myNode() + ": " + Bootstrap.describe(e), e);
        }
    }

    /** Connects the bulk and express endpoints to every peer, by rank (null at this node's rank). */
    private static UcxPeer[] peers(CommConfig config, UcxOptions options, UcxWorker worker,
            List<ControlChannel> channels) {
        UcxPeer[] peers = new UcxPeer[config.nodes()];
        for (ControlChannel c : channels) {
            try {
                long bulk = worker.connect(c.peerAddress, UcxPeer.cookie(c.peer, false), options.peerErrorHandling());
                long express = worker.connect(c.peerAddress, UcxPeer.cookie(c.peer, true), options.peerErrorHandling());
                peers[c.peer] = new UcxPeer(c, bulk, express);
            } catch (UcxException e) {
                throw new CommException("node " + config.myNode() + ": no UCX endpoint to node " + c.peer
                        + " (do both nodes share a transport? check UCX_TLS and UCX_NET_DEVICES): " + e.getMessage(), e);
            }
        }
        return peers;
    }

    /**
     * Whether a UcxComm given these CommConfig {@code options} runs with UCX peer error handling
     * ({@code ucx.errorHandling}, where {@code auto} decides by the transports UCX may use), e.g. so
     * that a benchmark runs UCX's own tools in the same mode.
     *
     * @throws CommException if an option is malformed
     */
    public static boolean usesPeerErrorHandling(Map<String, String> options) {
        return UcxOptions.from(options, null).peerErrorHandling(); // the bind host plays no part in it
    }

    @Override
    public synchronized void fin() {
        leave(Departure.ORDERLY);
    }

    @Override
    public synchronized void abort() {
        leave(Departure.ABORTED);
    }

    private void leave(Departure departure) {
        Progress p = progress;
        if (p == null || finished) {
            return;
        }
        if (p.isProgressThread()) {
            throw new IllegalStateException("UcxComm." + departure.method() + " must not be called from a dispatcher callback");
        }
        finished = true;
        p.stop(departure);
    }

    @Override
    public int myNode() {
        return config.myNode();
    }

    @Override
    public int nodes() {
        return config.nodes();
    }

    @Override
    public void asend(int node, byte[] message) {
        Progress p = running(node);
        MessageLimits.checkBulk(config, node, message);
        p.send(false, node, message);
    }

    /** Copies straight into UCX's staging buffer when called on the progress thread with nothing queued ahead. */
    @Override
    public void asend(int node, byte[] buffer, int offset, int length) {
        Progress p = running(node);
        Objects.checkFromIndexSize(offset, length, buffer.length);
        MessageLimits.checkBulk(config, node, length);
        p.sendCopy(node, buffer, offset, length);
    }

    /** A direct buffer's bytes go to UCX's staging buffer in one native copy (on the progress thread, as above). */
    @Override
    public void asend(int node, ByteBuffer message) {
        Progress p = running(node);
        MessageLimits.checkBulk(config, node, message.remaining());
        p.sendCopy(node, message);
    }

    /**
     * From {@link #STAGED_MIN_BYTES} up, the message writes itself straight into UCX's staging
     * memory, on any thread (one copy); smaller ones, and those to this node, are gathered as
     * {@link Comm}'s default does.
     */
    @Override
    public void asend(int node, MessageWriter message) {
        Progress p = running(node);
        if (message.length() < STAGED_MIN_BYTES || node == config.myNode()) {
            Comm.super.asend(node, message);
            return;
        }
        MessageLimits.checkBulk(config, node, message.length());
        p.sendWritten(node, message);
    }

    @Override
    public void expressSend(int node, byte[] message) {
        Progress p = running(node);
        MessageLimits.checkExpress(node, message);
        p.send(true, node, message);
    }

    private Progress running(int node) {
        Progress p = progress;
        if (p == null) {
            throw new IllegalStateException("UcxComm.init has not been called");
        }
        if (node < 0 || node >= config.nodes()) {
            throw new IllegalArgumentException("node " + node + " outside 0.." + (config.nodes() - 1));
        }
        return p;
    }
}

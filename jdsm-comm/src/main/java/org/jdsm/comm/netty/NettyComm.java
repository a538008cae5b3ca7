package org.jdsm.comm.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.Departure;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.MessageLimits;
import org.jdsm.comm.MessageWriter;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Rendezvous;

/**
 * {@link Comm} over a full mesh of authenticated TCP connections, built on Netty.
 *
 * <p>Every pair of nodes has two connections (lanes): bulk for {@link #asend} and express for
 * {@link #expressSend}, so express messages never wait behind bulk frames. The higher rank dials
 * the lower one. Frames are a 4-byte length, a type byte and the payload (see
 * {@link org.jdsm.comm.net.Frames}); every connection first runs the HMAC challenge-response of
 * {@link org.jdsm.comm.net.Handshake}. A connection that fails it, or sends a malformed or oversized
 * frame before it, is closed with one log line on logger {@code org.jdsm.comm.netty} (at most 20
 * such lines every 10 s, then their count, so a flood of connections cannot fill the log).
 * Anyone who can reach the port can connect, so accepted connections that have not authenticated
 * are bounded ({@link org.jdsm.comm.net.HandshakeSlots}): at most one per node plus 32 at a time;
 * one more cuts off the oldest that has not sent a hello, as a real node sends it at once. A flood
 * thus holds a bounded number of the node's sockets (file descriptors) and keeps no node out.
 *
 * <p>Options ({@link CommConfig#option}):
 * <ul>
 *   <li>{@code netty.port} — port to listen on (default 0: any free port, published by the rendezvous)</li>
 *   <li>{@code netty.advertiseHost} — host other nodes dial (default: the bind host)</li>
 *   <li>{@code netty.transport} — {@code auto} (epoll if available, else NIO), {@code epoll} or {@code nio}</li>
 *   <li>{@code netty.ioThreads} — event loop threads (default 2)</li>
 *   <li>{@code netty.handshakeTimeoutMs} — time a new connection has to authenticate, in all (default 10000)</li>
 * </ul>
 *
 * <p>{@link #fin} sends what is queued and a BYE on every lane, so peers see an orderly departure
 * rather than a failure, and waits for the peers to close their side; {@link #abort} waits only
 * briefly ({@link Departure}). Neither may be called from a Dispatcher callback.
 */
public final class NettyComm implements Comm {

    private static final long SHUTDOWN_TIMEOUT_MILLIS = 5_000;

    private volatile CommConfig config;
    private volatile Mesh mesh;
    private EventLoopGroup group;
    /** The event loop threads, joined by fin: Netty reports termination just before they exit. */
    private final List<Thread> ioThreads = new CopyOnWriteArrayList<>();
    private Channel server;
    private boolean stopped;

    @Override
    public synchronized void init(CommConfig config, Dispatcher dispatcher) {
        if (this.config != null) {
            throw new IllegalStateException("NettyComm.init may be called only once");
        }
        long deadline = System.nanoTime() + config.connectTimeout().toNanos();
        Transport transport = Transport.select(config.option("netty.transport", "auto"));
        int threads = intOption(config, "netty.ioThreads", 2);
        int handshakeTimeoutMillis = intOption(config, "netty.handshakeTimeoutMs", 10_000);
        int port = intOption(config, "netty.port", 0);
        int me = config.myNode();
        group = transport.newGroup(threads, new DefaultThreadFactory("jdsm-netty-n" + me, true) {
            @Override
            protected Thread newThread(Runnable task, String name) {
                Thread thread = super.newThread(task, name);
                ioThreads.add(thread);
                return thread;
            }
        });
        Mesh m = new Mesh(config, dispatcher, group, handshakeTimeoutMillis);
        this.config = config;
        this.mesh = m; // sends made during init (e.g. from callbacks) queue until their lane is up
        try {
            server = Bootstraps.listening(transport, group, () -> new AcceptHandshake(m))
                    .bind(config.bindHost(), port).syncUninterruptibly().channel();
            NodeAddress mine = new NodeAddress(config.option("netty.advertiseHost", config.bindHost()),
                    ((InetSocketAddress) server.localAddress()).getPort());
            List<NodeAddress> addresses = exchange(config, mine);
            Connector connector = new Connector(transport, group, m, deadline);
            for (int rank = 0; rank < me; rank++) {
                NodeAddress peer = addresses.get(rank);
                for (Lane lane : Lane.values()) {
                    connector.dial(rank, lane, new InetSocketAddress(peer.host(), peer.port()));
                }
            }
            m.awaitReady(deadline);
        } catch (RuntimeException e) {
            stop(0);
            throw e instanceof CommException ? e : new CommException("node " + me + ": " + Mesh.describe(e), e);
        }
    }

    private static List<NodeAddress> exchange(CommConfig config, NodeAddress mine) {
        Rendezvous rendezvous = config.rendezvous();
        if (rendezvous == null) {
            if (config.nodes() == 1) {
                return List.of(mine);
            }
            throw new CommException("node " + config.myNode() + ": NettyComm needs a rendezvous to find the other "
                    + (config.nodes() - 1) + " nodes");
        }
        List<NodeAddress> addresses = rendezvous.exchange(config.myNode(), mine);
        if (addresses.size() != config.nodes()) {
            throw new CommException("node " + config.myNode() + ": the rendezvous returned " + addresses.size()
                    + " addresses for a job of " + config.nodes() + " nodes");
        }
        return addresses;
    }

    private static int intOption(CommConfig config, String key, int fallback) {
        String value = config.option(key, Integer.toString(fallback));
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new CommException("option " + key + " must be an integer, not '" + value + "'");
        }
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
        if (mesh != null) {
            for (EventExecutor loop : group) {
                if (loop.inEventLoop()) {
                    throw new IllegalStateException("NettyComm." + departure.method() + " must not be called from a dispatcher callback");
                }
            }
            stop(departure.graceMillis());
        }
    }

    /** Closes the lanes (with a grace period for orderly goodbyes), the listener and the event loops. */
    private void stop(long graceMillis) {
        if (stopped) {
            return;
        }
        stopped = true;
        if (server != null) {
            server.close().awaitUninterruptibly();
        }
        mesh.close(graceMillis);
        group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                .awaitUninterruptibly(2 * SHUTDOWN_TIMEOUT_MILLIS);
        boolean interrupted = false;
        for (Thread thread : ioThreads) {
            try {
                thread.join(SHUTDOWN_TIMEOUT_MILLIS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
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
        Mesh m = running();
        MessageLimits.checkBulk(m.config, node, message);
        m.send(node, Lane.BULK, message);
    }

    /** Frames the copy straight into pooled direct buffers while the connection keeps up. */
    @Override
    public void asend(int node, byte[] buffer, int offset, int length) {
        Mesh m = running();
        MessageLimits.checkBulk(m.config, node, length);
        m.sendCopy(node, buffer, offset, length);
    }

    /** Has the message write itself straight into pooled direct buffers while the connection keeps up. */
    @Override
    public void asend(int node, MessageWriter message) {
        Mesh m = running();
        MessageLimits.checkBulk(m.config, node, message.length());
        m.sendWritten(node, message);
    }

    @Override
    public void expressSend(int node, byte[] message) {
        MessageLimits.checkExpress(node, message);
        running().send(node, Lane.EXPRESS, message);
    }

    private Mesh running() {
        Mesh m = mesh;
        if (m == null) {
            throw new IllegalStateException("NettyComm.init has not been called");
        }
        return m;
    }
}

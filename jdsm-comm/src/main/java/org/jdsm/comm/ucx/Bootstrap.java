package org.jdsm.comm.ucx;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Plumbing;
import org.jdsm.comm.Rendezvous;
import org.jdsm.comm.net.BlockingHandshake;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeException;
import org.jdsm.comm.net.HandshakeSelector;
import org.jdsm.comm.net.HandshakeSlots;
import org.jdsm.comm.net.ThrottledLog;

/**
 * UcxComm's start-up: a TCP listener published through the job's {@link Rendezvous}, then one
 * connection per pair of nodes (the higher rank dials the lower) that first runs the HMAC
 * challenge-response of {@link Handshake} and only then carries each side's UCX worker address
 * and tag key in an ADDRESS frame: only authenticated peers learn them. The connections stay open
 * as {@link ControlChannel}s; the listener closes once every peer is in. Blocking; runs in init.
 * Accepted connections authenticate on init's thread ({@link HandshakeSelector}), each within
 * {@code ucx.handshakeTimeoutMs} in all, at most one per node plus 32 at a time
 * ({@link HandshakeSlots}); only an authenticated peer gets a thread, for the address swap. One that
 * fails is closed with a log line (at most 20 such lines every 10 s, then their count:
 * {@link ThrottledLog}) and does not stop or delay start-up.
 */
final class Bootstrap {

    private static final int MAX_ADDRESS_BYTES = 64 << 10;
    private static final long RETRY_MILLIS = 50;

    private final CommConfig config;
    private final UcxOptions options;
    private final Handshake handshake;
    private final byte[] workerAddress;
    private final long deadlineNanos;
    private final SecureRandom random = new SecureRandom();
    private final ControlChannel[] channels;
    /** Authenticated connections whose address swap is still at work; cut off when start-up ends. */
    private final Set<SocketChannel> handshaking = ConcurrentHashMap.newKeySet();
    /** Refused connections, which anyone who can reach the port may cause, so at a bounded rate. */
    private final ThrottledLog refusals = ThrottledLog.forRefusals(UcxMesh.LOG);
    private boolean accepting = true;
    /** Set while higher ranks are accepted: stopped once all of them are in. */
    private HandshakeSelector handshakes;

    private Bootstrap(CommConfig config, UcxOptions options, byte[] workerAddress, long deadlineNanos) {
        this.config = config;
        this.options = options;
        this.handshake = new Handshake(config.secret(), config.jobId());
        this.workerAddress = workerAddress;
        this.deadlineNanos = deadlineNanos;
        this.channels = new ControlChannel[config.nodes()];
    }

    /** Connects to every other node by {@code deadlineNanos}; returns the control channels, in rank order. */
    static List<ControlChannel> connect(CommConfig config, UcxOptions options, byte[] workerAddress,
            long deadlineNanos) throws IOException {
        Bootstrap bootstrap = new Bootstrap(config, options, workerAddress, deadlineNanos);
        try {
            bootstrap.run();
            return bootstrap.connected();
        } catch (IOException | RuntimeException e) {
            bootstrap.connected().forEach(ControlChannel::close);
            throw e;
        }
    }

    private void run() throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(config.bindHost(), options.port()), HandshakeSlots.BACKLOG);
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            List<NodeAddress> addresses = exchange(new NodeAddress(options.advertiseHost(), port));
            for (int rank = 0; rank < me(); rank++) {
                dial(rank, addresses.get(rank));
            }
            acceptHigherRanks(server);
        }
    }

    private List<NodeAddress> exchange(NodeAddress mine) {
        Rendezvous rendezvous = config.rendezvous();
        if (rendezvous == null) {
            if (config.nodes() == 1) {
                return List.of(mine);
            }
            throw new CommException("node " + me() + ": UcxComm needs a rendezvous to find the other "
                    + (config.nodes() - 1) + " nodes");
        }
        List<NodeAddress> addresses = rendezvous.exchange(me(), mine);
        if (addresses.size() != config.nodes()) {
            throw new CommException("node " + me() + ": the rendezvous returned " + addresses.size()
                    + " addresses for a job of " + config.nodes() + " nodes");
        }
        return addresses;
    }

    /** Dials a lower rank, retrying while it does not listen yet (fixed-address jobs start in any order). */
    private void dial(int rank, NodeAddress address) throws IOException {
        while (true) {
            SocketChannel channel = SocketChannel.open();
            try {
                channel.socket().connect(new InetSocketAddress(address.host(), address.port()), leftMillis());
                channel.socket().setSoTimeout(leftMillis()); // the listener answers once its own dials are done
                DataInputStream in = new DataInputStream(channel.socket().getInputStream());
                DataOutputStream out = output(channel);
                BlockingHandshake.dial(handshake.dialer(Handshake.Purpose.UCX_CONTROL, me(), rank), in, out);
                channels[rank] = swapAddresses(rank, channel, in, out);
                return;
            } catch (ConnectException e) {
                channel.close();
                if (leftMillis() <= RETRY_MILLIS) {
                    throw new CommException("node " + me() + ": cannot connect to node " + rank + " at " + address
                            + " within " + config.connectTimeout().toMillis() + " ms: " + describe(e), e);
                }
                sleep(RETRY_MILLIS);
            } catch (IOException | CommException e) {
                channel.close();
                throw new CommException("node " + me() + ": UCX bootstrap with node " + rank + " at " + address
                        + " failed: " + describe(e), e);
            }
        }
    }

    private void acceptHigherRanks(ServerSocketChannel server) throws IOException {
        try {
            if (connected().size() == config.nodes() - 1) {
                return; // the highest rank: no one dials us
            }
            synchronized (this) {
                handshakes = new HandshakeSelector(server, handshake, config.nodes() + HandshakeSlots.SPARE,
                        options.handshakeMillis(), "jdsm-ucx-handshake", owner());
            }
            if (!handshakes.run(deadlineNanos)) {
                throw timeout();
            }
        } finally {
            synchronized (this) { // with register: each connection is either registered or closed
                accepting = false;
                handshaking.forEach(Plumbing::closeQuietly);
            }
            refusals.close();
        }
    }

    private HandshakeSelector.Owner owner() {
        return new HandshakeSelector.Owner() {
            @Override
            public void check(Handshake.Hello hello) {
                Bootstrap.this.check(hello);
            }

            @Override
            public void authenticated(SocketChannel channel, Handshake.Hello hello) {
                serve(channel, hello.dialerRank());
            }

            @Override
            public void refused(String peer, String reason) {
                refusals.warning("node " + me() + ": refused a UCX bootstrap connection from " + peer + ": " + reason);
            }
        };
    }

    /** An authenticated higher rank's address swap, on a thread of its own; logged and closed if it fails. */
    private void serve(SocketChannel channel, int rank) {
        synchronized (this) { // with the end of acceptHigherRanks
            if (!accepting) {
                Plumbing.closeQuietly(channel);
                return;
            }
            handshaking.add(channel);
        }
        try {
            channel.socket().setSoTimeout(options.handshakeMillis());
            DataInputStream in = new DataInputStream(channel.socket().getInputStream());
            register(channel, swapAddresses(rank, channel, in, output(channel)));
        } catch (IOException | CommException e) {
            String reason = channel.isOpen() ? describe(e) : "start-up ended";
            refusals.warning("node " + me() + ": refused a UCX bootstrap connection from node " + rank + " at "
                    + channel.socket().getRemoteSocketAddress() + ": " + reason);
            Plumbing.closeQuietly(channel);
        } finally {
            handshaking.remove(channel);
        }
    }

    private synchronized void register(SocketChannel accepted, ControlChannel channel) {
        handshaking.remove(accepted);
        if (!accepting) {
            channel.close(); // start-up is over: too late
            return;
        }
        if (channels[channel.peer] != null) {
            UcxMesh.LOG.warning("node " + me() + ": refused a second UCX control channel from node " + channel.peer);
            channel.close();
            return;
        }
        channels[channel.peer] = channel;
        if (connected().size() == config.nodes() - 1) {
            handshakes.close(); // every higher rank is in
        }
    }

    /** Refuses a hello that is not a higher rank of this job asking for its (first) control channel to us. */
    private synchronized void check(Handshake.Hello hello) {
        int dialer = hello.dialerRank();
        if (hello.purpose() != Handshake.Purpose.UCX_CONTROL) {
            throw new HandshakeException("expected a " + Handshake.Purpose.UCX_CONTROL + " handshake, got " + hello.purpose());
        }
        if (hello.listenerRank() != me() || dialer <= me() || dialer >= config.nodes()) {
            throw new HandshakeException("node " + dialer + " dialing node " + hello.listenerRank()
                    + " is not a connection node " + me() + " accepts");
        }
        if (channels[dialer] != null) {
            throw new HandshakeException("duplicate connection: node " + dialer + " is already connected");
        }
    }

    /** Sends our tag key and worker address, reads the peer's; then the channel turns non-blocking. */
    private ControlChannel swapAddresses(int rank, SocketChannel channel, DataInputStream in, DataOutputStream out)
            throws IOException {
        int receiveKey = random.nextInt();
        Frames.write(out, Frames.ADDRESS,
                ByteBuffer.allocate(4 + workerAddress.length).putInt(receiveKey).put(workerAddress).array());
        byte[] theirs = Frames.expect(in, Frames.ADDRESS, MAX_ADDRESS_BYTES);
        if (theirs.length <= 4) {
            throw new CommException("node " + rank + " sent an empty UCX worker address");
        }
        channel.configureBlocking(false);
        return new ControlChannel(rank, channel, Arrays.copyOfRange(theirs, 4, theirs.length),
                ByteBuffer.wrap(theirs).getInt(), receiveKey);
    }

    private static DataOutputStream output(SocketChannel channel) throws IOException {
        channel.socket().setTcpNoDelay(true);
        return new DataOutputStream(new BufferedOutputStream(channel.socket().getOutputStream()));
    }

    private synchronized List<ControlChannel> connected() {
        return Arrays.stream(channels).filter(c -> c != null).toList();
    }

    private CommException timeout() {
        StringJoiner missing = new StringJoiner("; ");
        for (int rank = 0; rank < config.nodes(); rank++) {
            if (rank != me() && channels[rank] == null) {
                missing.add("ucx control channel " + (rank < me() ? "to" : "from") + " node " + rank);
            }
        }
        return new CommException("node " + me() + ": the mesh was not up within "
                + config.connectTimeout().toMillis() + " ms; still missing: " + missing);
    }

    private int me() {
        return config.myNode();
    }

    private int leftMillis() {
        long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        if (left <= 0) {
            throw timeout();
        }
        return (int) Math.min(Integer.MAX_VALUE, left);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted while connecting", e);
        }
    }

    static String describe(Throwable t) {
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }
}

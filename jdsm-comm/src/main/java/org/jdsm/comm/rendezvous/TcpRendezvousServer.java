package org.jdsm.comm.rendezvous;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Plumbing;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeException;
import org.jdsm.comm.net.HandshakeSelector;
import org.jdsm.comm.net.HandshakeSlots;
import org.jdsm.comm.net.ThrottledLog;

/**
 * The launcher's side of the address exchange for one job of {@code nodes} nodes. Each node
 * connects, authenticates with the job secret (HMAC challenge-response) and reports its rank and
 * listening address; once every rank has reported, each node receives the whole table. A connection
 * that fails to authenticate or misbehaves is closed with one log line (at most 20 such lines every
 * 10 s, {@link ThrottledLog#forRefusals}, and then their count). After the timeout, pending
 * nodes are disconnected and {@link #await} fails naming the ranks that never reported.
 *
 * <p>It runs once per job. Anyone who can reach the port can connect, so connections authenticate
 * on one thread ({@link HandshakeSelector}), at most one per node plus 32 at a time
 * ({@link HandshakeSlots}), each with 5 s in all; only an authenticated node gets a thread of its
 * own, with plain blocking streams, until it has the table. A flood of connections costs no
 * thread, and does not keep out a node of the job, which sends its hello at once and so is cut off
 * only after every connection that did not.
 */
public final class TcpRendezvousServer implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TcpRendezvousServer.class.getName());
    /** Time a connection has to authenticate, in all; also the bound on each later read. */
    private static final int HANDSHAKE_MILLIS = 5_000;

    private final HandshakeSelector handshakes;
    private final NodeAddress address;
    private final int nodes;
    private final Handshake handshake;
    private final Duration timeout;
    private final long deadline;
    private final NodeAddress[] table;
    private final CountDownLatch complete;
    private final int handshakeMillis;
    /** Refused connections, which anyone who can reach the port may cause, so at a bounded rate. */
    private final ThrottledLog refusals = ThrottledLog.forRefusals(LOG);
    /** Authenticated nodes' connections, closed with the server. */
    private final Set<SocketChannel> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private TcpRendezvousServer(ServerSocketChannel listener, int nodes, String jobId, byte[] secret, Duration timeout,
            int handshakeMillis) throws IOException {
        InetSocketAddress local = (InetSocketAddress) listener.getLocalAddress();
        this.address = new NodeAddress(local.getAddress().getHostAddress(), local.getPort());
        this.nodes = nodes;
        this.handshake = new Handshake(secret, jobId);
        this.timeout = timeout;
        this.deadline = System.nanoTime() + timeout.toNanos();
        this.table = new NodeAddress[nodes];
        this.complete = new CountDownLatch(nodes);
        this.handshakeMillis = handshakeMillis;
        this.handshakes = new HandshakeSelector(listener, handshake, nodes + HandshakeSlots.SPARE, handshakeMillis,
                "jdsm-rendezvous", owner());
    }

    /**
     * Listens on {@code host} (any free port) and serves until every node has its table, the
     * timeout passes, or {@link #close}.
     */
    public static TcpRendezvousServer start(String host, int nodes, String jobId, byte[] secret, Duration timeout) {
        return start(host, nodes, jobId, secret, timeout, HANDSHAKE_MILLIS);
    }

    /** As {@link #start(String, int, String, byte[], Duration)}, with {@code handshakeMillis} for tests. */
    static TcpRendezvousServer start(String host, int nodes, String jobId, byte[] secret, Duration timeout,
            int handshakeMillis) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        ServerSocketChannel listener = null;
        TcpRendezvousServer server;
        try {
            listener = ServerSocketChannel.open();
            listener.bind(new InetSocketAddress(InetAddress.getByName(host), 0), HandshakeSlots.BACKLOG);
            server = new TcpRendezvousServer(listener, nodes, jobId, secret, timeout, handshakeMillis);
        } catch (IOException e) {
            if (listener != null) {
                Plumbing.closeQuietly(listener);
            }
            throw new CommException("rendezvous server: cannot listen on " + host + ": " + e.getMessage(), e);
        }
        Plumbing.daemon("jdsm-rendezvous-accept", server::acceptLoop).start();
        return server;
    }

    /** Where nodes reach this server. */
    public NodeAddress address() {
        return address;
    }

    /** The ranks that have authenticated and reported their address so far. */
    public synchronized Set<Integer> reportedRanks() {
        Set<Integer> ranks = new TreeSet<>();
        for (int rank = 0; rank < nodes; rank++) {
            if (table[rank] != null) {
                ranks.add(rank);
            }
        }
        return ranks;
    }

    /** Blocks until every rank has reported and returns the table, or throws naming the missing ranks. */
    public List<NodeAddress> await() {
        try {
            if (!complete.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                close();
                throw new CommException("rendezvous: " + missing() + " did not report within " + timeout.toMillis() + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("rendezvous: interrupted while waiting for the nodes", e);
        }
        return table();
    }

    /** Stops listening and disconnects every node still waiting. Idempotent. */
    @Override
    public void close() {
        closed = true;
        handshakes.close();
        open.forEach(Plumbing::closeQuietly);
        refusals.close();
    }

    private void acceptLoop() {
        try {
            if (handshakes.run(deadline) || closed || complete.getCount() == 0) {
                return; // closed by the launcher, or every node reported
            }
            LOG.warning("rendezvous: " + missing() + " did not report within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            if (closed) {
                return;
            }
            LOG.warning("rendezvous: stopped accepting: " + e.getMessage());
        }
        close();
    }

    private HandshakeSelector.Owner owner() {
        return new HandshakeSelector.Owner() {
            @Override
            public void check(Handshake.Hello hello) {
                TcpRendezvousServer.this.check(hello);
            }

            @Override
            public void authenticated(SocketChannel channel, Handshake.Hello hello) {
                serve(channel, hello);
            }

            @Override
            public void refused(String peer, String reason) {
                if (!closed) {
                    refusals.warning("rendezvous: closed connection from " + peer + ": " + reason);
                }
            }
        };
    }

    /** An authenticated node, on a thread of its own: takes its address and sends it the table once all are in. */
    private void serve(SocketChannel channel, Handshake.Hello hello) {
        Socket socket = channel.socket();
        String peer = "connection from " + socket.getRemoteSocketAddress() + " (node " + hello.dialerRank() + ")";
        open.add(channel);
        try (channel) {
            if (closed) {
                return; // closed while it authenticated; close() may have missed it
            }
            socket.setSoTimeout(handshakeMillis);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            List<NodeAddress> reported = AddressCodec.decode(
                    Frames.expect(in, Frames.ADDRESS, AddressCodec.MAX_ADDRESS_BYTES));
            if (reported.size() != 1) {
                throw new CommException("reported " + reported.size() + " addresses instead of one");
            }
            register(hello.dialerRank(), reported.get(0));
            if (!complete.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                return; // the accept loop logs the timeout once and closes everyone
            }
            Frames.write(out, Frames.TABLE, AddressCodec.encode(table()));
        } catch (IOException | CommException e) {
            if (!closed) {
                refusals.warning("rendezvous: closed " + peer + ": "
                        + (e instanceof EOFException ? "closed by the remote side mid-protocol" : e.getMessage()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.remove(channel);
        }
    }

    /** Refuses a hello that is not a rank of this job asking for the rendezvous. */
    private void check(Handshake.Hello hello) {
        if (hello.purpose() != Handshake.Purpose.RENDEZVOUS || hello.listenerRank() != Handshake.SERVER_RANK) {
            throw new HandshakeException("not a rendezvous handshake (" + hello.purpose() + ")");
        }
        if (hello.dialerRank() < 0 || hello.dialerRank() >= nodes) {
            throw new HandshakeException("unknown rank " + hello.dialerRank() + " (the job has " + nodes + " nodes)");
        }
    }

    private synchronized void register(int rank, NodeAddress address) {
        if (table[rank] != null) {
            throw new CommException("node " + rank + " already reported " + table[rank]);
        }
        table[rank] = address;
        complete.countDown();
        if (complete.getCount() == 0) {
            handshakes.close(); // everyone is in: stop accepting
        }
    }

    private synchronized List<NodeAddress> table() {
        return List.of(table);
    }

    private synchronized String missing() {
        int[] ranks = new int[nodes];
        int count = 0;
        for (int rank = 0; rank < nodes; rank++) {
            if (table[rank] == null) {
                ranks[count++] = rank;
            }
        }
        return (count == 1 ? "rank " : "ranks ") + Arrays.toString(Arrays.copyOf(ranks, count));
    }
}

package org.jdsm.comm.rendezvous;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
 * <p>Plain blocking sockets: it runs once per job, with a thread per connection. Anyone who can
 * reach the port can connect, so connections that have not authenticated yet are bounded
 * ({@link HandshakeSlots}): at most one per node plus 32 at a time, each with 5 s in all to
 * authenticate. A flood of connections costs at most that many threads, and does not keep out a
 * node of the job, which sends its hello at once and so is cut off only after every connection that
 * did not.
 */
public final class TcpRendezvousServer implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TcpRendezvousServer.class.getName());
    /** Time a connection has to authenticate, in all; also the bound on each later read. */
    private static final int HANDSHAKE_MILLIS = 5_000;

    private final ServerSocket listener;
    private final int nodes;
    private final Handshake handshake;
    private final Duration timeout;
    private final long deadline;
    private final NodeAddress[] table;
    private final CountDownLatch complete;
    private final int handshakeMillis;
    private final HandshakeSlots slots;
    /** Refused connections, which anyone who can reach the port may cause, so at a bounded rate. */
    private final ThrottledLog refusals = ThrottledLog.forRefusals(LOG);
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private TcpRendezvousServer(ServerSocket listener, int nodes, String jobId, byte[] secret, Duration timeout,
            int handshakeMillis) {
        this.listener = listener;
        this.nodes = nodes;
        this.handshake = new Handshake(secret, jobId);
        this.timeout = timeout;
        this.deadline = System.nanoTime() + timeout.toNanos();
        this.table = new NodeAddress[nodes];
        this.complete = new CountDownLatch(nodes);
        this.handshakeMillis = handshakeMillis;
        this.slots = new HandshakeSlots("jdsm-rendezvous-cutoff", nodes + HandshakeSlots.SPARE, handshakeMillis);
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
        ServerSocket listener;
        try {
            listener = new ServerSocket(0, HandshakeSlots.BACKLOG, InetAddress.getByName(host));
        } catch (IOException e) {
            throw new CommException("rendezvous server: cannot listen on " + host + ": " + e.getMessage(), e);
        }
        TcpRendezvousServer server = new TcpRendezvousServer(listener, nodes, jobId, secret, timeout, handshakeMillis);
        Plumbing.daemon("jdsm-rendezvous-accept", server::acceptLoop).start();
        return server;
    }

    /** Where nodes reach this server. */
    public NodeAddress address() {
        InetSocketAddress local = (InetSocketAddress) listener.getLocalSocketAddress();
        return new NodeAddress(local.getAddress().getHostAddress(), local.getPort());
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
        Plumbing.closeQuietly(listener);
        slots.close();
        open.forEach(Plumbing::closeQuietly);
        refusals.close();
    }

    private void acceptLoop() {
        try {
            while (true) {
                listener.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                Socket socket = listener.accept();
                open.add(socket);
                HandshakeSlots.Slot slot = slots.admit(socket);
                Plumbing.daemon("jdsm-rendezvous-" + socket.getRemoteSocketAddress(), () -> serve(socket, slot)).start();
            }
        } catch (IOException e) {
            if (closed || complete.getCount() == 0) {
                return; // closed by the launcher, or every node reported
            }
            LOG.warning(e instanceof SocketTimeoutException
                    ? "rendezvous: " + missing() + " did not report within " + timeout.toMillis() + " ms"
                    : "rendezvous: stopped accepting: " + e.getMessage());
            close();
        }
    }

    private void serve(Socket socket, HandshakeSlots.Slot slot) {
        String peer = "connection from " + socket.getRemoteSocketAddress();
        try (socket) {
            socket.setSoTimeout(handshakeMillis);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            Handshake.Hello hello = slot.accept(handshake.listener(), in, out, this::check);
            peer += " (node " + hello.dialerRank() + ")";
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
                String cutOff = slot.cutOffReason();
                refusals.warning("rendezvous: closed " + peer + ": " + (cutOff != null ? cutOff
                        : e instanceof EOFException ? "closed by the remote side mid-protocol" : e.getMessage()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            slot.release();
            open.remove(socket);
        }
    }

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
            Plumbing.closeQuietly(listener); // everyone is in: stop accepting
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

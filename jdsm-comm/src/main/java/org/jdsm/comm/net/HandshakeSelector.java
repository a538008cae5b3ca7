package org.jdsm.comm.net;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.Plumbing;

/**
 * A blocking listener's accept loop: it accepts connections and runs the listener's side of every
 * {@link Handshake} (HELLO, CHALLENGE, PROOF, ACCEPT, as {@link BlockingHandshake#dial} expects) on
 * one thread with a {@link Selector}, bounded by {@link HandshakeSlots}. Only a connection whose
 * peer has proven the job secret is handed, in blocking mode again, to {@link Owner#authenticated}
 * on a thread of its own.
 *
 * <p>Why not a thread per connection: a connection cut off frees its thread only once that thread
 * runs again, so on a starved CPU a flood piles up dying threads. Here a flood of connections costs
 * this loop's thread and the slots' cut-off thread, whatever its size; connections are closed, and
 * each refusal logged through {@link Owner#refused}, on the loop's thread.
 *
 * <p>It accepts one connection at a time and reads it at once, and it cuts off no connection to
 * make room before that one has been pending for {@link #GRACE_MILLIS}: while all slots are taken
 * by younger ones, new connections wait in the listen backlog. So a node whose thread is kept off
 * a busy CPU between its connect and its hello is not pushed out by a fast local flood; a flood
 * only slows admission, to {@code limit} connections per {@link #GRACE_MILLIS}.
 */
public final class HandshakeSelector implements AutoCloseable {

    /** What the listener does with its connections. Each method runs on the thread named. */
    public interface Owner {

        /** On the loop's thread: vets a hello's claims, throwing {@link HandshakeException} to refuse them. */
        void check(Handshake.Hello hello);

        /** On a thread of its own: an authenticated connection, in blocking mode, now the owner's to close. */
        void authenticated(SocketChannel channel, Handshake.Hello hello);

        /** On the loop's thread: {@code peer}'s connection was closed before it authenticated, for {@code reason}. */
        void refused(String peer, String reason);
    }

    /** The time each connection has to send its hello before it may be cut off to make room. */
    public static final long GRACE_MILLIS = 100;

    private final ServerSocketChannel server;
    private final SelectionKey accepting;
    private final Selector selector;
    private final Handshake handshake;
    private final HandshakeSlots slots;
    private final String threadName;
    private final Owner owner;
    /** Connections the slots cut off, for the loop to close: only its thread touches the channels. */
    private final Queue<SelectedHandshake> cutOff = new ConcurrentLinkedQueue<>();
    /** Authenticated connections whose key is cancelled, waiting for the selector to let them go. */
    private final List<SelectedHandshake> authenticated = new ArrayList<>();
    private boolean running;
    private volatile boolean closed;
    private boolean ended;

    /**
     * Serves {@code server} (bound; this takes it over and closes it) for {@code handshake}'s job:
     * at most {@code limit} connections authenticating at a time, each for {@code millis} in all.
     * Threads are named after {@code threadName}.
     */
    public HandshakeSelector(ServerSocketChannel server, Handshake handshake, int limit, long millis, String threadName,
            Owner owner) throws IOException {
        this.server = server;
        this.handshake = handshake;
        this.threadName = threadName;
        this.owner = owner;
        this.selector = Selector.open();
        try {
            server.configureBlocking(false);
            this.accepting = server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException | RuntimeException e) {
            Plumbing.closeQuietly(selector);
            throw e;
        }
        this.slots = new HandshakeSlots(threadName + "-cutoff", limit, millis);
    }

    /**
     * Runs the loop on the calling thread until {@link #close} (true) or {@code deadlineNanos} (a
     * {@link System#nanoTime} value; false), then closes the server and every connection still
     * authenticating. Call it at most once.
     *
     * @throws IOException if accepting or selecting failed
     */
    public boolean run(long deadlineNanos) throws IOException {
        synchronized (this) {
            if (closed) {
                return true;
            }
            running = true;
        }
        try {
            while (!closed) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                long untilRoom = slots.nanosUntilRoom(TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS));
                accepting.interestOps(untilRoom > 0 ? 0 : SelectionKey.OP_ACCEPT); // else wait in the backlog
                if (untilRoom > 0) {
                    left = Math.min(left, untilRoom);
                }
                selector.select(this::ready, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                closeCutOff();
                handOff();
            }
            return true;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            end();
        }
    }

    /** Stops the loop (from any thread), or releases everything if it never ran. Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (running) {
                if (!ended) {
                    selector.wakeup(); // the loop ends itself (end() waits for this lock to close the selector)
                }
                return;
            }
        }
        end();
    }

    private void ready(SelectionKey key) {
        if (key.channel() == server) {
            accept();
        } else {
            step((SelectedHandshake) key.attachment());
        }
    }

    /**
     * One connection per call: the selector reads the others' hellos in between, so a flood does
     * not push a node out before its hello, which it sends right after connecting, is read.
     */
    private void accept() {
        SocketChannel channel;
        try {
            channel = server.accept();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the listener itself failed: run() throws it
        }
        if (channel == null) {
            return;
        }
        String peer = "an unknown address";
        SelectedHandshake connection;
        try {
            peer = String.valueOf(channel.getRemoteAddress());
            channel.configureBlocking(false);
            connection = new SelectedHandshake(channel, peer, handshake.listener(), owner::check);
            connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
        } catch (IOException e) { // e.g. reset by the peer already: that connection only
            Plumbing.closeQuietly(channel);
            owner.refused(peer, reason(e));
            return;
        }
        connection.slot = slots.admit(() -> cutOff(connection));
        step(connection); // a node's hello is often here already
    }

    private void step(SelectedHandshake connection) {
        if (connection.slot.cutOffReason() != null) {
            return; // queued for closing
        }
        try {
            if (connection.advance() && connection.slot.authenticated()) {
                connection.key.cancel();
                authenticated.add(connection);
            } // else not done yet, or cut off just now and queued for closing
        } catch (IOException | RuntimeException e) {
            connection.slot.release();
            if (connection.slot.cutOffReason() == null) { // else the cut-off is logged instead
                Plumbing.closeQuietly(connection.channel);
                owner.refused(connection.peer, reason(e));
            }
        }
    }

    /** Called by the slots, from any thread and holding their lock: only queues the connection. */
    private void cutOff(SelectedHandshake connection) {
        cutOff.add(connection);
        selector.wakeup();
    }

    private void closeCutOff() {
        for (SelectedHandshake connection; (connection = cutOff.poll()) != null; ) {
            Plumbing.closeQuietly(connection.channel);
            owner.refused(connection.peer, connection.slot.cutOffReason());
        }
    }

    /** Gives each authenticated connection, in blocking mode, to the owner on a thread of its own. */
    private void handOff() throws IOException {
        while (!authenticated.isEmpty()) {
            List<SelectedHandshake> done = new ArrayList<>(authenticated);
            authenticated.clear();
            selector.selectNow(this::ready); // deregisters their cancelled keys: only then may they block
            closeCutOff();
            for (SelectedHandshake connection : done) {
                try {
                    connection.channel.configureBlocking(true);
                } catch (IOException e) {
                    Plumbing.closeQuietly(connection.channel);
                    owner.refused(connection.peer, reason(e));
                    continue;
                }
                Plumbing.daemon(threadName + " " + connection.peer,
                        () -> owner.authenticated(connection.channel, connection.hello())).start();
            }
        }
    }

    /** Closes the server and every connection not handed off; each one still authenticating is logged. */
    private void end() {
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
        }
        slots.close(); // cuts off, so queues, every connection still authenticating
        closeCutOff();
        for (SelectedHandshake connection : authenticated) {
            Plumbing.closeQuietly(connection.channel);
            owner.refused(connection.peer, "authenticated as the listener closed");
        }
        authenticated.clear();
        Plumbing.closeQuietly(server);
        Plumbing.closeQuietly(selector);
    }

    private static String reason(Exception e) {
        if (e instanceof EOFException) {
            return "closed by the remote side mid-protocol";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}

package org.jdsm.comm.rendezvous;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Rendezvous;
import org.jdsm.comm.net.BlockingHandshake;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;

/**
 * The node side of a {@link TcpRendezvousServer}: connects (retrying while the server is not up
 * yet), authenticates with the job secret, reports this node's address and waits for the table.
 */
public final class TcpRendezvous implements Rendezvous {

    private static final long RETRY_MILLIS = 100;
    /** Bound on a TABLE payload; far above any real job. */
    private static final int MAX_TABLE_BYTES = 16 << 20;

    private final NodeAddress server;
    private final Handshake handshake;
    private final Duration timeout;

    /** A rendezvous through {@code server}, giving up after {@code timeout}. */
    public TcpRendezvous(NodeAddress server, String jobId, byte[] secret, Duration timeout) {
        this.server = server;
        this.handshake = new Handshake(secret, jobId);
        this.timeout = timeout;
    }

    @Override
    public List<NodeAddress> exchange(int myNode, NodeAddress mine) {
        String peer = "rendezvous server at " + server;
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Socket socket = connect(deadline)) {
            socket.setSoTimeout(remainingMillis(deadline));
            DataInputStream in = new DataInputStream(socket.getInputStream());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            BlockingHandshake.dial(handshake.dialer(Handshake.Purpose.RENDEZVOUS, myNode, Handshake.SERVER_RANK), in, out);
            Frames.write(out, Frames.ADDRESS, AddressCodec.encode(List.of(mine)));
            socket.setSoTimeout(remainingMillis(deadline));
            return AddressCodec.decode(Frames.expect(in, Frames.TABLE, MAX_TABLE_BYTES));
        } catch (SocketTimeoutException e) {
            throw new CommException("node " + myNode + ": the " + peer + " did not send the address table within "
                    + timeout.toMillis() + " ms", e);
        } catch (EOFException e) {
            throw new CommException("node " + myNode + ": the " + peer + " closed the connection before sending"
                    + " the address table (see its log)", e);
        } catch (IOException | CommException e) {
            throw new CommException("node " + myNode + ": rendezvous with the " + peer + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Connects, retrying while nothing listens yet. Running out of time here, also after a retry's
     * sleep that overshot the deadline, is "could not connect", not a missing address table.
     */
    private Socket connect(long deadline) throws IOException {
        ConnectException refused = null;
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw notConnected(refused);
            }
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(server.host(), server.port()), (int) Math.min(left, Integer.MAX_VALUE));
                return socket;
            } catch (ConnectException e) {
                socket.close();
                if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS) >= deadline) {
                    throw notConnected(e);
                }
                refused = e;
                sleep(RETRY_MILLIS);
            } catch (SocketTimeoutException e) {
                socket.close();
                throw notConnected(e);
            } catch (IOException e) {
                socket.close();
                throw e;
            }
        }
    }

    private CommException notConnected(IOException cause) {
        return new CommException("could not connect within " + timeout.toMillis() + " ms"
                + (cause == null ? "" : ": " + cause.getMessage()), cause);
    }

    private static int remainingMillis(long deadline) throws SocketTimeoutException {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
            throw new SocketTimeoutException("rendezvous deadline passed");
        }
        return (int) Math.min(left, Integer.MAX_VALUE);
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the rendezvous server", e);
        }
    }
}

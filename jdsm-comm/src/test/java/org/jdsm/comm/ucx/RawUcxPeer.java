package org.jdsm.comm.ucx;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.net.BlockingHandshake;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;

/**
 * Node 1 of a 2-node job played by hand against a real UcxComm node 0: authenticates on the
 * control channel, swaps worker addresses, and then sends whatever tagged UCX messages a test
 * wants (forged keys, oversized frames). A thread progresses its worker until it is closed.
 */
final class RawUcxPeer implements AutoCloseable {

    /** The key this peer hands node 0 (unused: it never receives). */
    private static final int MY_KEY = 12345;

    private final SocketChannel control;
    private final UcxWorker worker;
    private final long endpoint;
    /** The key node 0 expects in this peer's tags. */
    final int key;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread progress;

    private RawUcxPeer(SocketChannel control, UcxWorker worker, long endpoint, int key) {
        this.control = control;
        this.worker = worker;
        this.endpoint = endpoint;
        this.key = key;
        this.progress = new Thread(this::progress, "raw-ucx-peer");
        progress.start();
    }

    /** Joins job {@code job} as node 1 through node 0's bootstrap listener, over UCX {@code transports}. */
    static RawUcxPeer connect(NodeAddress node0, String job, String transports) throws IOException {
        return connect(node0, job, transports, false);
    }

    /**
     * As {@link #connect(NodeAddress, String, String)}, with UCX peer error handling on this
     * peer's endpoint if {@code peerErrors}: as node 0's endpoints have it (UCX fails an endpoint
     * whose peer's mode differs as soon as it is used both ways, e.g. by a rendezvous).
     */
    static RawUcxPeer connect(NodeAddress node0, String job, String transports, boolean peerErrors) throws IOException {
        SocketChannel control = SocketChannel.open(new InetSocketAddress(node0.host(), node0.port()));
        UcxWorker worker = null;
        try {
            DataInputStream in = new DataInputStream(control.socket().getInputStream());
            DataOutputStream out = new DataOutputStream(control.socket().getOutputStream());
            BlockingHandshake.dial(new Handshake(TestMesh.SECRET, job).dialer(Handshake.Purpose.UCX_CONTROL, 1, 0),
                    in, out);
            worker = new UcxWorker(UcxTests.settings(transports), false);
            byte[] mine = worker.address();
            Frames.write(out, Frames.ADDRESS, ByteBuffer.allocate(4 + mine.length).putInt(MY_KEY).put(mine).array());
            byte[] theirs = Frames.expect(in, Frames.ADDRESS, 1 << 16);
            long endpoint = worker.connect(Arrays.copyOfRange(theirs, 4, theirs.length), 0, peerErrors);
            return new RawUcxPeer(control, worker, endpoint, ByteBuffer.wrap(theirs).getInt());
        } catch (IOException | RuntimeException e) {
            control.close();
            if (worker != null) {
                worker.close();
            }
            throw e;
        }
    }

    /** Sends one message with exactly this tag (serialized with the progress thread: the worker is single-threaded). */
    void send(long tag, byte[] data) {
        synchronized (worker) {
            worker.send(endpoint, tag, data);
        }
    }

    private static final UcxEvents IGNORE = new UcxEvents() {
        @Override
        public void receiveCompleted(long tag, long receive, int status) {
        }

        @Override
        public void endpointFailed(int cookie, int status) {
        }
    };

    private void progress() {
        while (running.get()) {
            synchronized (worker) {
                long message = worker.poll(IGNORE);
                if (message != 0) {
                    worker.discard(message);
                }
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Sends one message, progresses the worker {@code passes} times (its rendezvous request goes
     * out), then stops progressing it for good (it stays alive): the transfer stalls part way.
     */
    void sendThenStall(long tag, byte[] data, int passes) throws InterruptedException {
        stopProgress();
        worker.send(endpoint, tag, data);
        for (int i = 0; i < passes; i++) {
            long message = worker.poll(IGNORE);
            if (message != 0) {
                worker.discard(message);
            }
        }
    }

    /** Stops progressing the worker (it stays alive): what this peer started in UCX stalls from here. */
    void stopProgress() throws InterruptedException {
        running.set(false);
        progress.join(10_000);
    }

    /** Closes the control channel without a goodbye, as a dying node's does; the UCX worker stays. */
    void closeControl() throws IOException {
        control.close();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stopProgress();
        worker.close();
        control.close();
    }
}

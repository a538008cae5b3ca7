package org.jdsm.comm.netty;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.Messages;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.rendezvous.TcpRendezvous;
import org.jdsm.comm.testing.ResourceCheck;

/**
 * One node of a multi-JVM NettyComm test ({@link NettyMultiJvmTest}). Arguments: scenario,
 * rendezvous host:port, rank, nodes, job id; the job secret comes hex-encoded in the environment
 * variable {@code JDSM_TEST_SECRET}, not on the command line. Reports lines on stdout:
 * {@code READY}, scenario results, then {@code CLEAN ...} if fin released every socket and thread
 * ({@code UNCLEAN ...} and exit code 1 otherwise). Any failure prints {@code FAILED} and exits 1.
 */
public final class NettyNodeMain {

    static final int ALL_TO_ALL_COUNT = 1000;
    static final int STREAM_FRAMES = 64;
    static final int STREAM_FRAME_BYTES = 4 << 20;
    static final int BIG_BYTES = 64 << 20;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final byte[] OVERTAKE = "overtake".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DONE = "done".getBytes(StandardCharsets.US_ASCII);

    private NettyNodeMain() {
    }

    public static void main(String[] args) {
        try {
            int socketsBefore = ResourceCheck.openSockets();
            String scenario = args[0];
            NodeAddress server = NodeAddress.parse(args[1]);
            int rank = Integer.parseInt(args[2]);
            int nodes = Integer.parseInt(args[3]);
            String job = args[4];
            byte[] secret = HexFormat.of().parseHex(System.getenv("JDSM_TEST_SECRET"));
            CommConfig config = CommConfig.builder().jobId(job).myNode(rank).nodes(nodes).secret(secret)
                    .connectTimeout(WAIT).rendezvous(new TcpRendezvous(server, job, secret, WAIT)).build();
            switch (scenario) {
                case "all-to-all" -> allToAll(config);
                case "stream" -> stream(config);
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
            int socketsAfter = ResourceCheck.openSockets();
            List<String> threads = ResourceCheck.lingeringThreads(Duration.ofSeconds(3), "jdsm-", "globalEventExecutor");
            boolean clean = socketsAfter == socketsBefore && threads.isEmpty();
            System.out.println((clean ? "CLEAN" : "UNCLEAN") + " sockets=" + socketsBefore + "->" + socketsAfter
                    + " threads=" + threads);
            System.out.flush();
            if (!clean) {
                System.exit(1);
            }
            // Returning lets the JVM exit by itself: a leftover non-daemon thread would hang it.
        } catch (Throwable t) {
            System.out.println("FAILED " + t);
            t.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
    }

    /** Every node sends ALL_TO_ALL_COUNT bulk messages to every node (itself included), one thread per destination. */
    private static void allToAll(CommConfig config) throws Exception {
        RecordingDispatcher dispatcher = new RecordingDispatcher();
        Comm comm = new NettyComm();
        comm.init(config, dispatcher);
        System.out.println("READY");
        int me = comm.myNode();
        List<Thread> senders = new ArrayList<>();
        for (int to = 0; to < comm.nodes(); to++) {
            int dst = to;
            senders.add(new Thread(() -> {
                for (int seq = 0; seq < ALL_TO_ALL_COUNT; seq++) {
                    comm.asend(dst, Messages.make(me, seq, Messages.size(seq, 4096)));
                }
            }));
        }
        senders.forEach(Thread::start);
        for (Thread t : senders) {
            t.join(WAIT.toMillis());
        }
        for (int from = 0; from < comm.nodes(); from++) {
            int src = from;
            dispatcher.await(() -> dispatcher.bulkFrom(src).size() >= ALL_TO_ALL_COUNT, WAIT, "messages from node " + from);
            Messages.checkSequence(dispatcher.bulkFrom(from), from, ALL_TO_ALL_COUNT, from + "->" + me);
        }
        System.out.println("RECEIVED all in order");
        comm.fin();
        System.out.println("FAILURES " + dispatcher.failureCalls());
    }

    /**
     * Node 1 streams STREAM_FRAMES big bulk frames to node 0, then an express message, then one
     * BIG_BYTES message. Node 0 reports how many bulk frames had arrived when the express one
     * did, and the checksum of the big message; node 1 reports the checksum it sent.
     */
    private static void stream(CommConfig config) throws Exception {
        BlockingQueue<byte[]> big = new LinkedBlockingQueue<>();
        BlockingQueue<String> express = new LinkedBlockingQueue<>();
        AtomicInteger bulkCount = new AtomicInteger();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        Comm comm = new NettyComm();
        comm.init(config, new Dispatcher() {
            @Override
            public void received(int fromNode, byte[] message) {
                bulkCount.incrementAndGet();
                if (message.length == BIG_BYTES) {
                    big.add(message);
                }
            }

            @Override
            public void expressReceived(int fromNode, byte[] message) {
                express.add(new String(message, StandardCharsets.US_ASCII) + " after=" + bulkCount.get());
            }

            @Override
            public void peerFailed(int node, Throwable cause) {
                failures.add("peerFailed(" + node + ")");
            }
        });
        System.out.println("READY");
        if (comm.myNode() == 1) {
            byte[] frame = new byte[STREAM_FRAME_BYTES];
            new Random(1).nextBytes(frame);
            byte[] message = new byte[BIG_BYTES];
            new Random(2).nextBytes(message);
            for (int i = 0; i < STREAM_FRAMES; i++) {
                comm.asend(0, frame); // the same array each time: it is never modified
            }
            comm.expressSend(0, OVERTAKE);
            comm.asend(0, message);
            System.out.println("SENT crc=" + crc(message));
            String reply = express.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if (reply == null || !reply.startsWith("done")) {
                throw new AssertionError("no 'done' from node 0, got " + reply);
            }
        } else {
            String overtake = express.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            System.out.println("EXPRESS " + overtake + " of " + STREAM_FRAMES);
            byte[] message = big.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if (message == null) {
                throw new AssertionError("the 64 MiB message did not arrive; bulk frames so far: " + bulkCount.get());
            }
            System.out.println("BIG bytes=" + message.length + " crc=" + crc(message) + " frames=" + bulkCount.get());
            comm.expressSend(1, DONE);
        }
        comm.fin();
        System.out.println("FAILURES " + failures);
    }

    private static long crc(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        return crc.getValue();
    }
}

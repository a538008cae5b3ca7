package org.jdsm.comm.ucx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.stream.Stream;
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
 * One node of a multi-JVM UcxComm test ({@link UcxMultiJvmTest}); the transport comes from the
 * environment (UCX_TLS), as on a real job. Arguments: scenario, rendezvous host:port, rank, nodes,
 * job id; the secret comes hex-encoded in {@code JDSM_TEST_SECRET}. Prints {@code READY}, the
 * scenario's results, then {@code CLEAN ...} if fin gave back every file descriptor, SysV
 * shared-memory segment and thread that init took ({@code UNCLEAN ...} and exit code 1 otherwise); {@code FAILED}
 * and exit code 1 on any error. A solo UcxComm runs first, so that what UCX sets up once per
 * process (its async thread and the like) is not counted as a leak.
 */
public final class UcxNodeMain {

    static final int ALL_TO_ALL_COUNT = 1000;
    static final int STREAM_FRAMES = 64;
    static final int STREAM_FRAME_BYTES = 4 << 20;
    static final int BIG_BYTES = 64 << 20;
    /** The node that dies in the crash scenario. */
    static final int VICTIM = 2;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final byte[] OVERTAKE = "overtake".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DONE = "done".getBytes(StandardCharsets.US_ASCII);

    private UcxNodeMain() {
    }

    public static void main(String[] args) {
        try {
            String scenario = args[0];
            NodeAddress server = NodeAddress.parse(args[1]);
            int rank = Integer.parseInt(args[2]);
            int nodes = Integer.parseInt(args[3]);
            String job = args[4];
            byte[] secret = HexFormat.of().parseHex(System.getenv("JDSM_TEST_SECRET"));
            warmUp(secret);
            Snapshot before = Snapshot.take();
            CommConfig config = CommConfig.builder().jobId(job).myNode(rank).nodes(nodes).secret(secret)
                    .connectTimeout(WAIT).rendezvous(new TcpRendezvous(server, job, secret, WAIT)).build();
            switch (scenario) {
                case "all-to-all" -> allToAll(config);
                case "stream" -> stream(config);
                case "crash" -> crash(config);
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
            List<String> threads = ResourceCheck.lingeringThreads(Duration.ofSeconds(3), "jdsm-");
            Snapshot after = Snapshot.await(before, Duration.ofSeconds(10));
            boolean clean = after.within(before) && threads.isEmpty();
            System.out.println((clean ? "CLEAN" : "UNCLEAN") + " " + before + " -> " + after + " threads=" + threads);
            System.out.flush();
            if (!clean) {
                System.exit(1);
            }
        } catch (Throwable t) {
            System.out.println("FAILED " + t);
            t.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
    }

    /** A one-node job, so that UCX's once-per-process set-up is done before the baseline. */
    private static void warmUp(byte[] secret) {
        Comm solo = new UcxComm();
        solo.init(CommConfig.builder().jobId("warm-up").secret(secret).build(), new RecordingDispatcher());
        solo.fin();
    }

    /** Open file descriptors of this process, and SysV shared-memory segments it created that still exist. */
    private record Snapshot(long fds, long sysvSegments) {

        /** No more of anything than {@code baseline} (fewer is fine: the baseline may catch something closing). */
        boolean within(Snapshot baseline) {
            return fds <= baseline.fds && sysvSegments <= baseline.sysvSegments;
        }

        /** The snapshot once it is within {@code baseline}, or when {@code timeout} is over (peers detach from our segments as they exit). */
        static Snapshot await(Snapshot baseline, Duration timeout) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            Snapshot now = take();
            while (!now.within(baseline) && System.nanoTime() < deadline) {
                Thread.sleep(100);
                now = take();
            }
            return now;
        }

        static Snapshot take() throws IOException {
            String pid = Long.toString(ProcessHandle.current().pid());
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"));
                 Stream<String> shm = Files.lines(Path.of("/proc/sysvipc/shm"))) {
                return new Snapshot(fds.count(), shm.map(line -> line.trim().split("\\s+"))
                        .filter(cols -> cols.length > 4 && cols[4].equals(pid)).count());
            }
        }
    }

    /** Every node sends ALL_TO_ALL_COUNT bulk messages to every node (itself included), one thread per destination. */
    private static void allToAll(CommConfig config) throws Exception {
        RecordingDispatcher dispatcher = new RecordingDispatcher();
        Comm comm = new UcxComm();
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
            try {
                dispatcher.await(() -> dispatcher.bulkFrom(src).size() >= ALL_TO_ALL_COUNT, WAIT, "messages from node " + from);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; got " + dispatcher.bulkFrom(src).size(), e);
            }
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
        Comm comm = new UcxComm();
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

    /**
     * Every node exchanges a round of messages with every other; then node VICTIM halts (no fin,
     * no goodbye) while the others wait for its failure report, and the survivors exchange another
     * round among themselves before they fin.
     */
    private static void crash(CommConfig config) throws Exception {
        RecordingDispatcher dispatcher = new RecordingDispatcher();
        Comm comm = new UcxComm();
        comm.init(config, dispatcher);
        System.out.println("READY");
        int me = comm.myNode();
        for (int to = 0; to < comm.nodes(); to++) {
            comm.asend(to, Messages.make(me, 0, 100));
        }
        for (int from = 0; from < comm.nodes(); from++) {
            int src = from;
            dispatcher.await(() -> dispatcher.bulkFrom(src).size() == 1, WAIT, "round 1 from node " + from);
        }
        if (me == VICTIM) {
            System.out.println("HALT");
            System.out.flush();
            Runtime.getRuntime().halt(0);
        }
        dispatcher.await(() -> dispatcher.failures().containsKey(VICTIM), WAIT, "the failure of node " + VICTIM);
        for (int to = 0; to < comm.nodes(); to++) {
            if (to != VICTIM) {
                comm.asend(to, Messages.make(me, 1, 100));
            }
        }
        for (int from = 0; from < comm.nodes(); from++) {
            int src = from;
            if (from != VICTIM) {
                dispatcher.await(() -> dispatcher.bulkFrom(src).size() == 2, WAIT, "round 2 from node " + from);
            }
        }
        System.out.println("SURVIVED");
        comm.fin();
        System.out.println("FAILURES " + dispatcher.failureCalls());
    }

    private static long crc(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        return crc.getValue();
    }
}

package org.jdsm.comm;

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
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import org.jdsm.comm.rendezvous.TcpRendezvous;
import org.jdsm.comm.testing.ResourceCheck;

/**
 * The node side of the multi-JVM Comm tests ({@link MultiJvmJob} is the test side): the main
 * method of one node JVM, for any Comm. Arguments: scenario, rendezvous host:port, rank, nodes, job
 * id; the job secret comes hex-encoded in {@code JDSM_TEST_SECRET}, not on the command line. Prints
 * {@code READY} once the Comm is up, the scenario's results, then {@code CLEAN ...} if fin gave back
 * what init took (the Comm's {@link Footprint}) and left no thread ({@code UNCLEAN ...} and exit
 * code 1 otherwise); any failure prints {@code FAILED} and exits 1.
 */
public final class CommScenarios {

    static final int ALL_TO_ALL_COUNT = 1000;
    static final int STREAM_FRAMES = 64;
    static final int STREAM_FRAME_BYTES = 4 << 20;
    static final int BIG_BYTES = 64 << 20;
    /** Frames the victim of crash-mid-stream takes from each node before it halts, and their size. */
    static final int DOOMED_FRAMES = 20;
    static final int DOOMED_FRAME_BYTES = 256 << 10;
    /** Bounds the frames a node streams at the victim (it keeps every frame it gets). */
    static final int DOOMED_FRAME_LIMIT = 1_000;
    /** The node that dies in the crash scenario. */
    static final int VICTIM = 2;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final byte[] OVERTAKE = "overtake".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DONE = "done".getBytes(StandardCharsets.US_ASCII);

    /** What a Comm holds in this process that fin must give back, measured before init. */
    @FunctionalInterface
    public interface Footprint {
        /** After fin: waits (bounded) until the holdings are back to the baseline; says whether they are. */
        Check after() throws Exception;
    }

    /** A footprint comparison: {@code description} is "before -> after" in the Comm's own terms. */
    public record Check(boolean clean, String description) {
    }

    private CommScenarios() {
    }

    /**
     * Runs one node: parses {@code args}, takes the baseline with {@code baseline} (given the
     * node's configuration), runs the scenario over {@code comms.get()}, checks the footprint and
     * threads, and prints the verdict lines. Exits the JVM with 1 on any failure.
     */
    public static void main(String[] args, Supplier<Comm> comms, Function<CommConfig, Footprint> baseline) {
        try {
            String scenario = args[0];
            NodeAddress server = NodeAddress.parse(args[1]);
            String job = args[4];
            byte[] secret = HexFormat.of().parseHex(System.getenv("JDSM_TEST_SECRET"));
            CommConfig config = CommConfig.builder().jobId(job).myNode(Integer.parseInt(args[2]))
                    .nodes(Integer.parseInt(args[3])).secret(secret).connectTimeout(WAIT)
                    .rendezvous(new TcpRendezvous(server, job, secret, WAIT)).build();
            Footprint footprint = baseline.apply(config);
            Comm comm = comms.get();
            switch (scenario) {
                case "all-to-all" -> allToAll(comm, config);
                case "stream" -> stream(comm, config);
                case "crash" -> crash(comm, config, false);
                case "crash-mid-stream" -> crash(comm, config, true);
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
            List<String> threads = ResourceCheck.lingeringThreads(Duration.ofSeconds(3), "jdsm-", "globalEventExecutor");
            Check check = footprint.after();
            boolean clean = check.clean() && threads.isEmpty();
            System.out.println((clean ? "CLEAN" : "UNCLEAN") + " " + check.description() + " threads=" + threads);
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

    /** The open-socket count as a footprint: what Comms that hold nothing else give back. */
    public static Footprint sockets() {
        int before = ResourceCheck.openSockets();
        return () -> {
            int after = ResourceCheck.openSockets();
            return new Check(after == before, "sockets=" + before + "->" + after);
        };
    }

    /** Every node sends ALL_TO_ALL_COUNT bulk messages to every node (itself included), one thread per destination. */
    private static void allToAll(Comm comm, CommConfig config) throws Exception {
        RecordingDispatcher dispatcher = new RecordingDispatcher();
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
    private static void stream(Comm comm, CommConfig config) throws Exception {
        BlockingQueue<byte[]> big = new LinkedBlockingQueue<>();
        BlockingQueue<String> express = new LinkedBlockingQueue<>();
        AtomicInteger bulkCount = new AtomicInteger();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
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
            for (int i = 0; i < STREAM_FRAMES; i++) { // the same array each time: it is never modified
                sendPlainOrWritten(comm, 0, frame, i);
            }
            comm.expressSend(0, OVERTAKE);
            sendPlainOrWritten(comm, 0, message, 1);
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
     * round among themselves before they fin. {@code midStream}: the victim dies while the others
     * still stream rendezvous-size messages at it, so their sends to it are in flight when it goes.
     */
    private static void crash(Comm comm, CommConfig config, boolean midStream) throws Exception {
        RecordingDispatcher dispatcher = new RecordingDispatcher();
        comm.init(config, dispatcher);
        System.out.println("READY");
        int me = comm.myNode();
        for (int to = 0; to < comm.nodes(); to++) {
            comm.asend(to, Messages.make(me, 0, 100));
        }
        for (int from = 0; from < comm.nodes(); from++) {
            int src = from;
            dispatcher.await(() -> !dispatcher.bulkFrom(src).isEmpty(), WAIT, "round 1 from node " + from);
        }
        if (midStream) {
            streamAtVictimUntilItFails(comm, dispatcher);
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

    /**
     * The victim takes {@link #DOOMED_FRAMES} frames from each other node and returns (to halt);
     * the others send it frames, bounded in count and time, until its failure is reported.
     */
    private static void streamAtVictimUntilItFails(Comm comm, RecordingDispatcher dispatcher) throws Exception {
        if (comm.myNode() == VICTIM) {
            for (int from = 0; from < comm.nodes(); from++) {
                int src = from;
                if (from != VICTIM) {
                    dispatcher.await(() -> dispatcher.bulkFrom(src).size() >= 1 + DOOMED_FRAMES, WAIT,
                            DOOMED_FRAMES + " streamed frames from node " + from);
                }
            }
            return;
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        byte[] frame = new byte[DOOMED_FRAME_BYTES];
        for (int n = 0; n < DOOMED_FRAME_LIMIT && !dispatcher.failures().containsKey(VICTIM) && System.nanoTime() < deadline; n++) {
            sendPlainOrWritten(comm, VICTIM, frame, n);
            Thread.sleep(1);
        }
    }

    /** Sends {@code message} as an array (even {@code n}) or as a message that writes itself (odd), which some Comms send differently. */
    private static void sendPlainOrWritten(Comm comm, int to, byte[] message, int n) {
        if (n % 2 == 0) {
            comm.asend(to, message);
        } else {
            comm.asend(to, MessageWriter.of(message, 0, message.length));
        }
    }

    private static long crc(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        return crc.getValue();
    }
}

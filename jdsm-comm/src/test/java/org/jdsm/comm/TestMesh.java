package org.jdsm.comm;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.jdsm.comm.rendezvous.TcpRendezvous;
import org.jdsm.comm.rendezvous.TcpRendezvousServer;

/**
 * N Comms of one job inside this JVM, each with a {@link RecordingDispatcher}, initialized
 * concurrently (init blocks until the mesh is up). Closing fins them all.
 */
public final class TestMesh implements AutoCloseable {

    public static final byte[] SECRET = "test-secret-of-sixteen-bytes-or-more".getBytes(StandardCharsets.UTF_8);
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final List<Comm> comms = new ArrayList<>();
    private final List<RecordingDispatcher> dispatchers = new ArrayList<>();
    private final String jobId;
    private final TcpRendezvousServer rendezvous;

    private TestMesh(String jobId, TcpRendezvousServer rendezvous) {
        this.jobId = jobId;
        this.rendezvous = rendezvous;
    }

    /**
     * Starts {@code nodes} comms from {@code factory}; {@code config} adds settings per rank.
     * With {@code tcpRendezvous} the nodes meet through a {@link TcpRendezvousServer}.
     */
    public static TestMesh start(int nodes, Supplier<Comm> factory, boolean tcpRendezvous,
            IntFunction<CommConfig.Builder> config) throws Exception {
        return start(nodes, factory, tcpRendezvous, config, RecordingDispatcher::new);
    }

    /** Like {@link #start(int, Supplier, boolean, IntFunction)}, with dispatchers from {@code recorders}. */
    public static TestMesh start(int nodes, Supplier<Comm> factory, boolean tcpRendezvous,
            IntFunction<CommConfig.Builder> config, Supplier<RecordingDispatcher> recorders) throws Exception {
        String job = "job-" + System.nanoTime();
        TestMesh mesh = new TestMesh(job, tcpRendezvous
                ? TcpRendezvousServer.start("127.0.0.1", nodes, job, SECRET, TIMEOUT) : null);
        ExecutorService starters = Executors.newFixedThreadPool(nodes);
        try {
            List<Future<?>> inits = new ArrayList<>();
            for (int rank = 0; rank < nodes; rank++) {
                CommConfig.Builder builder = config.apply(rank).jobId(job).myNode(rank).nodes(nodes).secret(SECRET)
                        .connectTimeout(TIMEOUT);
                if (tcpRendezvous) {
                    builder.rendezvous(new TcpRendezvous(mesh.rendezvous.address(), job, SECRET, TIMEOUT));
                }
                Comm comm = factory.get();
                RecordingDispatcher dispatcher = recorders.get();
                mesh.comms.add(comm);
                mesh.dispatchers.add(dispatcher);
                CommConfig built = builder.build();
                inits.add(starters.submit(() -> {
                    comm.init(built, dispatcher);
                    return null;
                }));
            }
            for (Future<?> init : inits) {
                init.get(TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS);
            }
            return mesh;
        } catch (Exception e) {
            mesh.close();
            throw e;
        } finally {
            starters.shutdownNow();
        }
    }

    public Comm comm(int rank) {
        return comms.get(rank);
    }

    public RecordingDispatcher dispatcher(int rank) {
        return dispatchers.get(rank);
    }

    public String jobId() {
        return jobId;
    }

    public int size() {
        return comms.size();
    }

    /** Where each node listens, as published through the TCP rendezvous. */
    public List<NodeAddress> addresses() {
        return rendezvous.await();
    }

    /** Fins every comm, concurrently, as the nodes of a real job would. */
    @Override
    public void close() throws InterruptedException {
        List<Thread> finishers = new ArrayList<>();
        for (Comm comm : comms) {
            Thread t = new Thread(comm::fin, "fin-" + comm);
            t.start();
            finishers.add(t);
        }
        for (Thread t : finishers) {
            t.join(30_000);
        }
        if (rendezvous != null) {
            rendezvous.close();
        }
    }
}

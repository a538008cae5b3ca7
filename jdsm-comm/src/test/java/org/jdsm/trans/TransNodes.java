package org.jdsm.trans;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.rendezvous.TcpRendezvous;
import org.jdsm.comm.rendezvous.TcpRendezvousServer;
import org.jdsm.wire.WireFormat;

/** Starts a job of Trans nodes for tests, one per handler, each with 2 workers. */
final class TransNodes {

    private static final byte[] SECRET = "trans-test-secret-sixteen-plus".getBytes(StandardCharsets.UTF_8);
    private static final Duration WAIT = Duration.ofSeconds(20);

    /** A handler that runs inline or on the workers, as the test chooses. */
    abstract static class Handler implements MessageHandler {
        private final boolean nonBlocking;

        Handler(boolean nonBlocking) {
            this.nonBlocking = nonBlocking;
        }

        @Override
        public boolean nonBlocking() {
            return nonBlocking;
        }
    }

    private TransNodes() {
    }

    /** One Trans per handler over a Comm from {@code comms} with CommConfig {@code options}, meeting through a TCP rendezvous. */
    static List<Trans> start(List<? extends MessageHandler> handlers, Supplier<Comm> comms, Map<String, String> options)
            throws Exception {
        String job = "trans-" + System.nanoTime();
        List<Trans> all = new ArrayList<>();
        ExecutorService starters = Executors.newFixedThreadPool(handlers.size());
        try (TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", handlers.size(), job, SECRET, WAIT)) {
            List<Future<?>> inits = new ArrayList<>();
            for (int rank = 0; rank < handlers.size(); rank++) {
                Trans t = new Trans(comms.get(), new WireFormat(), handlers.get(rank), 2);
                all.add(t);
                CommConfig config = CommConfig.builder().jobId(job).myNode(rank).nodes(handlers.size()).secret(SECRET)
                        .connectTimeout(WAIT).options(options)
                        .rendezvous(new TcpRendezvous(server.address(), job, SECRET, WAIT)).build();
                inits.add(starters.submit(() -> t.init(config)));
            }
            for (Future<?> f : inits) {
                f.get(30, TimeUnit.SECONDS);
            }
            return all;
        } catch (Exception | Error e) {
            all.forEach(Trans::fin);
            throw e;
        } finally {
            starters.shutdownNow();
        }
    }
}

package org.jdsm.comm.local;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;

/** Meeting point of the {@link LocalComm}s of one job inside a JVM. */
final class LocalHub {

    private static final ConcurrentMap<String, LocalHub> HUBS = new ConcurrentHashMap<>();

    private final String jobId;
    private final AtomicReferenceArray<LocalComm> members;
    private final CountDownLatch allJoined;
    private int present;

    private LocalHub(String jobId, int nodes) {
        this.jobId = jobId;
        this.members = new AtomicReferenceArray<>(nodes);
        this.allJoined = new CountDownLatch(nodes);
    }

    /** Registers {@code comm} and waits until every node of the job has joined. */
    static LocalHub join(CommConfig config, LocalComm comm) {
        LocalHub hub = HUBS.computeIfAbsent(config.jobId(), id -> new LocalHub(id, config.nodes()));
        if (hub.members.length() != config.nodes()) {
            throw new CommException("job '" + config.jobId() + "' has " + hub.members.length()
                    + " nodes, but node " + config.myNode() + " was configured with " + config.nodes());
        }
        synchronized (hub) {
            if (!hub.members.compareAndSet(config.myNode(), null, comm)) {
                throw new CommException("node " + config.myNode() + " joined job '" + config.jobId() + "' twice");
            }
            hub.present++;
        }
        hub.allJoined.countDown();
        try {
            long millis = config.connectTimeout().toMillis();
            if (!hub.allJoined.await(millis, TimeUnit.MILLISECONDS)) {
                hub.leave(config.myNode());
                throw new CommException("node " + config.myNode() + " of job '" + config.jobId()
                        + "': not every node joined within " + millis + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted while waiting for the other nodes", e);
        }
        return hub;
    }

    LocalComm member(int node) {
        return members.get(node);
    }

    void leave(int node) {
        if (members.getAndSet(node, null) == null) {
            return;
        }
        boolean empty;
        synchronized (this) {
            empty = --present == 0;
        }
        if (empty) {
            HUBS.remove(jobId, this);
        }
    }
}

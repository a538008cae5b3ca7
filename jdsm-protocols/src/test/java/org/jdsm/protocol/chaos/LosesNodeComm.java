package org.jdsm.protocol.chaos;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Dispatcher;

/**
 * A {@link org.jdsm.comm.local.LocalComm} whose node can be lost on purpose, as a node JVM that
 * dies: once the job calls {@link #loseThisNode()} nothing more goes to or comes from that node,
 * and every other node hears of the loss as a networked Comm reports it ({@link Dispatcher#peerFailed}).
 * The loss reaches the other nodes' own handling late, as on a loaded machine where the worker that
 * runs it is slow to get a CPU: its cause takes {@link #LATE_MILLIS} to describe on Trans's worker
 * threads, while their requests to the lost node fail at once.
 */
public final class LosesNodeComm extends OnLocalComm {

    /** How late the other nodes' handling of the loss is. */
    static final long LATE_MILLIS = 500;
    /** The comm of each node, by job: a lost node tells the others' dispatchers, as their connections to it would. */
    private static final Map<String, Map<Integer, LosesNodeComm>> JOBS = new ConcurrentHashMap<>();

    private String jobId;
    private Dispatcher dispatcher;
    private volatile boolean lost;
    private final Set<Integer> lostPeers = ConcurrentHashMap.newKeySet();

    @Override
    public void init(CommConfig config, Dispatcher dispatcher) {
        this.jobId = config.jobId();
        this.dispatcher = dispatcher;
        JOBS.computeIfAbsent(jobId, j -> new ConcurrentHashMap<>()).put(config.myNode(), this);
        super.init(config, dispatcher);
    }

    @Override
    public void fin() {
        JOBS.computeIfPresent(jobId, (j, nodes) -> {
            nodes.remove(myNode());
            return nodes.isEmpty() ? null : nodes;
        });
        super.fin();
    }

    /** Cuts this node off, as if its JVM died, and tells every other node that it is gone. */
    public void loseThisNode() {
        lost = true;
        JOBS.getOrDefault(jobId, Map.of()).forEach((node, other) -> {
            if (other != this) {
                other.lostPeers.add(myNode());
                other.dispatcher.peerFailed(myNode(), new LateToDescribe("node " + myNode() + " vanished"));
            }
        });
    }

    @Override
    public void asend(int node, byte[] message) {
        if (!lost && !lostPeers.contains(node)) {
            super.asend(node, message);
        }
    }

    @Override
    public void expressSend(int node, byte[] message) {
        if (!lost && !lostPeers.contains(node)) {
            super.expressSend(node, message);
        }
    }

    /** The cause of a loss, whose message comes {@link #LATE_MILLIS} late on Trans's worker threads. */
    private static final class LateToDescribe extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LateToDescribe(String message) {
            super(message);
        }

        @Override
        public String getMessage() {
            if (Thread.currentThread().getName().startsWith("jdsm-trans-")) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(LATE_MILLIS));
            }
            return super.getMessage();
        }
    }
}

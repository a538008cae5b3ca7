package org.jdsm.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Waits for every node of a job to end and ends the job as soon as it has failed: once a node
 * exits non-zero, the others get a few seconds to stop on their own and are then killed. Used by
 * {@code jdsm run} for its node JVMs and by the ClusterManager for its servers.
 */
public final class Supervisor {

    /** After the first failure, how long the other nodes get to stop on their own. */
    private static final long STOP_GRACE_MILLIS = 3_000;
    /** How long to wait for a node's last output once it has exited. */
    private static final long OUTPUT_DRAIN_MILLIS = 2_000;

    private Supervisor() {
    }

    /** Blocks until every node has ended; returns their exits in the order they happened. */
    public static List<NodeExit> await(List<? extends Supervised> nodes) throws InterruptedException {
        return await(nodes, STOP_GRACE_MILLIS);
    }

    /**
     * As {@link #await(List)}, the others killed {@code graceMillis} after the first failure: a
     * launcher whose failures may be found only after seconds of silence needs a shorter grace to
     * end the whole job within its bound.
     */
    public static List<NodeExit> await(List<? extends Supervised> nodes, long graceMillis) throws InterruptedException {
        BlockingQueue<Supervised> exited = new LinkedBlockingQueue<>();
        nodes.forEach(n -> n.onExit().thenAccept(exited::add));
        List<NodeExit> exits = new ArrayList<>();
        boolean failing = false;
        boolean inGrace = false;
        long killAt = 0;
        while (exits.size() < nodes.size()) {
            Supervised node = inGrace ? exited.poll(killAt - System.nanoTime(), TimeUnit.NANOSECONDS) : exited.take();
            if (node == null) {
                inGrace = false;
                nodes.forEach(Supervised::kill);
                continue;
            }
            node.awaitOutput(OUTPUT_DRAIN_MILLIS);
            NodeExit exit = node.exit();
            exits.add(exit);
            if (!exit.ok() && !failing) {
                failing = true;
                inGrace = true;
                killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
            }
        }
        return exits;
    }
}

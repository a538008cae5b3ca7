package org.jdsm.comm;

/**
 * How a node leaves the mesh, and so how long its Comm waits for the peers' goodbyes: the grace
 * that {@link Comm#fin} and {@link Comm#abort} give the peers that networked Comms wait for.
 */
public enum Departure {

    /**
     * The job ended well: every message sent must still arrive, so a busy peer gets 10 s to read up
     * to the goodbye and answer it.
     */
    ORDERLY(10_000, "fin"),

    /**
     * The job failed: nothing sent now matters, but what is queued and the goodbyes still go out,
     * and a live peer answers within this; a hung peer (a stopped JVM, whose connections stay
     * open) is not waited for.
     */
    ABORTED(500, "abort");

    private final long graceMillis;
    private final String method;

    Departure(long graceMillis, String method) {
        this.graceMillis = graceMillis;
        this.method = method;
    }

    /** The {@link Comm} method that leaves this way, for messages. */
    public String method() {
        return method;
    }

    /** How long the peers get to answer this node's goodbye before it closes their connections anyway. */
    public long graceMillis() {
        return graceMillis;
    }
}

package org.jdsm.comm;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** Everything a {@link Comm} needs to join a job. Immutable; build with {@link #builder}. */
public final class CommConfig {

    /** Default upper bound of one bulk message: 256 MiB. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 256 << 20;

    private final String jobId;
    private final int myNode;
    private final int nodes;
    private final byte[] secret;
    private final Rendezvous rendezvous;
    private final String bindHost;
    private final int maxFrameBytes;
    private final Duration connectTimeout;
    private final Map<String, String> options;

    private CommConfig(Builder b) {
        if (b.nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + b.nodes);
        }
        if (b.myNode < 0 || b.myNode >= b.nodes) {
            throw new IllegalArgumentException("myNode " + b.myNode + " outside 0.." + (b.nodes - 1));
        }
        if (b.secret == null || b.secret.length < 16) {
            throw new IllegalArgumentException("the job secret must be at least 16 bytes");
        }
        this.jobId = Objects.requireNonNull(b.jobId, "jobId");
        this.myNode = b.myNode;
        this.nodes = b.nodes;
        this.secret = b.secret.clone();
        this.rendezvous = b.rendezvous;
        this.bindHost = b.bindHost;
        this.maxFrameBytes = b.maxFrameBytes;
        this.connectTimeout = b.connectTimeout;
        this.options = Map.copyOf(b.options);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Identifies the job; in-JVM comms use it to find their peers. */
    public String jobId() {
        return jobId;
    }

    public int myNode() {
        return myNode;
    }

    public int nodes() {
        return nodes;
    }

    /** The job's shared secret (a copy). Never sent over the wire. */
    public byte[] secret() {
        return secret.clone();
    }

    /** Address exchange; may be null for comms that need none (in-JVM). */
    public Rendezvous rendezvous() {
        return rendezvous;
    }

    /** Interface to listen on (default loopback). */
    public String bindHost() {
        return bindHost;
    }

    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    /** How long {@link Comm#init} may take to build the mesh before it fails. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Module-specific options, e.g. {@code netty.transport=nio}. */
    public String option(String key, String fallback) {
        return options.getOrDefault(key, fallback);
    }

    public Map<String, String> options() {
        return options;
    }

    @Override
    public String toString() {
        return "CommConfig[job=" + jobId + ", node=" + myNode + "/" + nodes + ", bind=" + bindHost + "]";
    }

    /** Builder for {@link CommConfig}. */
    public static final class Builder {
        private String jobId = "job";
        private int myNode;
        private int nodes = 1;
        private byte[] secret;
        private Rendezvous rendezvous;
        private String bindHost = "127.0.0.1";
        private int maxFrameBytes = DEFAULT_MAX_FRAME_BYTES;
        private Duration connectTimeout = Duration.ofSeconds(30);
        private final Map<String, String> options = new HashMap<>();

        public Builder jobId(String v) { jobId = v; return this; }
        public Builder myNode(int v) { myNode = v; return this; }
        public Builder nodes(int v) { nodes = v; return this; }
        public Builder secret(byte[] v) { secret = Arrays.copyOf(v, v.length); return this; }
        public Builder rendezvous(Rendezvous v) { rendezvous = v; return this; }
        public Builder bindHost(String v) { bindHost = v; return this; }
        public Builder maxFrameBytes(int v) { maxFrameBytes = v; return this; }
        public Builder connectTimeout(Duration v) { connectTimeout = v; return this; }
        public Builder option(String k, String v) { options.put(k, v); return this; }
        public Builder options(Map<String, String> v) { options.putAll(v); return this; }

        public CommConfig build() {
            return new CommConfig(this);
        }
    }
}

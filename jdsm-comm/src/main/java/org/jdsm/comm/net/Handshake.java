package org.jdsm.comm.net;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Mutual challenge-response authentication with HMAC-SHA256 keyed by the job secret, without I/O:
 * callers move the messages in {@link Frames} of type HELLO, CHALLENGE, PROOF and ACCEPT.
 *
 * <pre>
 * dialer   -> HELLO     magic, version, purpose, dialer rank, listener rank, dialer nonce
 * listener -> CHALLENGE listener nonce, HMAC("listener", binding)
 * dialer   -> PROOF     HMAC("dialer", binding)
 * listener -> ACCEPT    (empty)
 * </pre>
 *
 * The binding is the job id, the purpose, both ranks and both nonces, so a proof is good for one
 * connection only: a replayed or reflected message fails. The secret never crosses the wire.
 * A listener checks the hello's claims (rank, purpose) before it answers.
 */
public final class Handshake {

    /** What a connection is for; part of every proof, so one purpose's handshake cannot serve another. */
    public enum Purpose {
        BULK_LANE(1, "bulk lane"),
        EXPRESS_LANE(2, "express lane"),
        RENDEZVOUS(3, "rendezvous"),
        /** UcxComm's per-pair TCP channel: worker address exchange, then departure and liveness. */
        UCX_CONTROL(4, "ucx control channel");

        private final byte code;
        private final String label;

        Purpose(int code, String label) {
            this.code = (byte) code;
            this.label = label;
        }

        static Purpose of(byte code) {
            for (Purpose p : values()) {
                if (p.code == code) {
                    return p;
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** "JDSM". */
    public static final int MAGIC = 0x4A44534D;
    public static final byte VERSION = 1;
    /** The listener rank a node uses when it dials the rendezvous server. */
    public static final int SERVER_RANK = -1;
    /** Largest handshake payload (the challenge): the frame limit before authentication. */
    public static final int MAX_MESSAGE_BYTES = 64;

    private static final int NONCE_BYTES = 32;
    private static final int MAC_BYTES = 32;
    private static final int HELLO_BYTES = 4 + 1 + 1 + 4 + 4 + NONCE_BYTES;
    private static final String ALGORITHM = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;
    private final byte[] jobId;

    /** A handshake factory for one job; {@code secret} is the job secret. */
    public Handshake(byte[] secret, String jobId) {
        this.key = new SecretKeySpec(secret, ALGORITHM);
        this.jobId = jobId.getBytes(StandardCharsets.UTF_8);
    }

    /** The dialer's side of one new connection. */
    public Dialer dialer(Purpose purpose, int dialerRank, int listenerRank) {
        return new Dialer(new Hello(purpose, dialerRank, listenerRank, nonce()));
    }

    /** The listener's side of one new connection. */
    public Listener listener() {
        return new Listener();
    }

    /** What the dialer claims about itself. {@code nonce} is the dialer's fresh random nonce. */
    public record Hello(Purpose purpose, int dialerRank, int listenerRank, byte[] nonce) {

        /** The HELLO payload. */
        public byte[] encode() {
            return ByteBuffer.allocate(HELLO_BYTES).putInt(MAGIC).put(VERSION).put(purpose.code)
                    .putInt(dialerRank).putInt(listenerRank).put(nonce).array();
        }

        /** Parses a HELLO payload, rejecting a wrong size, magic, version or purpose. */
        public static Hello decode(byte[] payload) {
            if (payload.length != HELLO_BYTES) {
                throw new HandshakeException("malformed hello: " + payload.length + " bytes, expected " + HELLO_BYTES);
            }
            ByteBuffer in = ByteBuffer.wrap(payload);
            int magic = in.getInt();
            if (magic != MAGIC) {
                throw new HandshakeException("malformed hello: bad magic 0x" + Integer.toHexString(magic));
            }
            byte version = in.get();
            if (version != VERSION) {
                throw new HandshakeException("unsupported protocol version " + version + ", expected " + VERSION);
            }
            byte code = in.get();
            Purpose purpose = Purpose.of(code);
            if (purpose == null) {
                throw new HandshakeException("malformed hello: unknown purpose " + code);
            }
            int dialerRank = in.getInt();
            int listenerRank = in.getInt();
            byte[] nonce = new byte[NONCE_BYTES];
            in.get(nonce);
            return new Hello(purpose, dialerRank, listenerRank, nonce);
        }
    }

    /** Dialer side: send {@link #hello()}, then {@link #answer} the challenge. */
    public final class Dialer {
        private final Hello hello;

        private Dialer(Hello hello) {
            this.hello = hello;
        }

        public Hello hello() {
            return hello;
        }

        /** Checks the listener's CHALLENGE payload and returns the PROOF payload to send back. */
        public byte[] answer(byte[] challenge) {
            if (challenge.length != NONCE_BYTES + MAC_BYTES) {
                throw new HandshakeException("malformed challenge: " + challenge.length + " bytes");
            }
            byte[] listenerNonce = Arrays.copyOf(challenge, NONCE_BYTES);
            byte[] proof = Arrays.copyOfRange(challenge, NONCE_BYTES, challenge.length);
            if (!MessageDigest.isEqual(proof, mac("listener", hello, listenerNonce))) {
                throw new HandshakeException("the listener failed to prove the job secret (wrong secret or job id)");
            }
            return mac("dialer", hello, listenerNonce);
        }
    }

    /** Listener side: {@link #receive} the hello, check its claims, send {@link #challenge}, then {@link #verify}. */
    public final class Listener {
        private final byte[] nonce = nonce();
        private Hello hello;

        /** Parses the HELLO payload; the caller checks the claims before answering. */
        public Hello receive(byte[] helloPayload) {
            hello = Hello.decode(helloPayload);
            return hello;
        }

        /** The CHALLENGE payload. */
        public byte[] challenge() {
            return ByteBuffer.allocate(NONCE_BYTES + MAC_BYTES).put(nonce).put(mac("listener", hello, nonce)).array();
        }

        /** Checks the dialer's PROOF payload. */
        public void verify(byte[] proof) {
            if (!MessageDigest.isEqual(proof, mac("dialer", hello, nonce))) {
                throw new HandshakeException("authentication failed: bad proof (wrong secret or job id, or a replayed handshake)");
            }
        }
    }

    private byte[] mac(String role, Hello hello, byte[] listenerNonce) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            mac.update(role.getBytes(StandardCharsets.US_ASCII));
            mac.update(ByteBuffer.allocate(4 + jobId.length + 1 + 4 + 4).putInt(jobId.length).put(jobId)
                    .put(hello.purpose().code).putInt(hello.dialerRank()).putInt(hello.listenerRank()).array());
            mac.update(hello.nonce());
            return mac.doFinal(listenerNonce);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    private static byte[] nonce() {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        return nonce;
    }
}

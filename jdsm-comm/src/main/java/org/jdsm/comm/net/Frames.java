package org.jdsm.comm.net;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.jdsm.comm.CommException;

/**
 * The frame format of every JDSM TCP connection (mesh lanes and rendezvous): a 4-byte big-endian
 * payload length, a 1-byte frame type, then the payload. The type codes of all protocols live here
 * so they never collide; each connection accepts only the types of its current phase.
 */
public final class Frames {

    /** Length (4 bytes) plus type (1 byte). */
    public static final int HEADER_BYTES = 5;

    /** Handshake: the dialer introduces itself. */
    public static final byte HELLO = 1;
    /** Handshake: the listener's nonce and proof. */
    public static final byte CHALLENGE = 2;
    /** Handshake: the dialer's proof. */
    public static final byte PROOF = 3;
    /** Handshake: the listener accepted the dialer. */
    public static final byte ACCEPT = 4;
    /** Mesh lane: one message for the Dispatcher. */
    public static final byte DATA = 16;
    /** Mesh lane: the sender is leaving in good order; nothing follows. */
    public static final byte BYE = 17;
    /** Rendezvous: a node's listening address. */
    public static final byte ADDRESS = 32;
    /** Rendezvous: every node's address, by rank. */
    public static final byte TABLE = 33;

    private Frames() {
    }

    /** Throws unless {@code length} is a payload length allowed by {@code limit}. */
    public static void checkLength(int length, int limit) {
        if (length < 0) {
            throw new CommException("malformed frame: negative length " + length);
        }
        if (length > limit) {
            throw new CommException("frame of " + length + " bytes exceeds the limit of " + limit);
        }
    }

    /** Writes one frame and flushes. */
    public static void write(DataOutputStream out, byte type, byte[] payload) throws IOException {
        out.write(encode(type, payload).array());
        out.flush();
    }

    /** One frame, ready to write to a channel. */
    public static ByteBuffer encode(byte type, byte[] payload) {
        return ByteBuffer.allocate(HEADER_BYTES + payload.length).putInt(payload.length).put(type).put(payload).flip();
    }

    /** Reads one frame of at most {@code limit} payload bytes; EOFException if the stream ends first. */
    public static Frame read(DataInputStream in, int limit) throws IOException {
        int length = in.readInt();
        byte type = in.readByte();
        checkLength(length, limit);
        byte[] payload = new byte[length];
        in.readFully(payload);
        return new Frame(type, payload);
    }

    /** Reads one frame of type {@code type}; a frame of another type is a protocol error. */
    public static byte[] expect(DataInputStream in, byte type, int limit) throws IOException {
        Frame frame = read(in, limit);
        checkType(frame.type(), type);
        return frame.payload();
    }

    /** Throws unless {@code actual} is the {@code expected} frame type. */
    public static void checkType(byte actual, byte expected) {
        if (actual != expected) {
            throw new CommException("expected a " + name(expected) + " frame, got " + name(actual));
        }
    }

    /** A readable name for a type code, for error messages. */
    public static String name(byte type) {
        return switch (type) {
            case HELLO -> "HELLO";
            case CHALLENGE -> "CHALLENGE";
            case PROOF -> "PROOF";
            case ACCEPT -> "ACCEPT";
            case DATA -> "DATA";
            case BYE -> "BYE";
            case ADDRESS -> "ADDRESS";
            case TABLE -> "TABLE";
            default -> "unknown type " + type;
        };
    }
}

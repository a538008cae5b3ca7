package org.jdsm.comm;

/**
 * The size limits every {@link Comm} checks before it sends, with the same exceptions and messages
 * everywhere: a bulk message over {@link CommConfig#maxFrameBytes} fails with a {@link CommException},
 * an express message over {@link Comm#EXPRESS_MAX_BYTES} with an {@link IllegalArgumentException}.
 */
public final class MessageLimits {

    private MessageLimits() {
    }

    /** Throws unless {@code message} fits the frame limit of {@code config}. */
    public static void checkBulk(CommConfig config, int node, byte[] message) {
        checkBulk(config, node, message.length);
    }

    /** Throws unless a message of {@code length} bytes fits the frame limit of {@code config}. */
    public static void checkBulk(CommConfig config, int node, int length) {
        if (length > config.maxFrameBytes()) {
            throw new CommException("message of " + length + " bytes to node " + node
                    + " exceeds the frame limit of " + config.maxFrameBytes());
        }
    }

    /** Throws unless {@code message} fits {@link Comm#EXPRESS_MAX_BYTES}. */
    public static void checkExpress(int node, byte[] message) {
        if (message.length > Comm.EXPRESS_MAX_BYTES) {
            throw new IllegalArgumentException("express message of " + message.length + " bytes to node " + node
                    + " exceeds " + Comm.EXPRESS_MAX_BYTES);
        }
    }
}

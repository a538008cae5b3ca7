package org.jdsm.comm;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The Comm layer (JDSM paper, Table 2): moves opaque byte messages between the nodes of one job.
 *
 * <p>Contract every implementation keeps:
 * <ul>
 *   <li>{@link #init} returns only when this node is connected to, and authenticated with, every
 *       other node of the job (full mesh), or throws {@link CommException} naming the peer.</li>
 *   <li>{@link #asend} messages from one node to another arrive in send order (FIFO per pair),
 *       whole, and are handed to {@link Dispatcher#received}. Any size up to
 *       {@link CommConfig#maxFrameBytes()}.</li>
 *   <li>{@link #expressSend} messages (at most {@link #EXPRESS_MAX_BYTES}) go to
 *       {@link Dispatcher#expressReceived}; they are FIFO among themselves per pair and never wait
 *       behind bulk {@code asend} data. Express and bulk messages are not ordered with each other.</li>
 *   <li>Sending to {@link #myNode()} itself is allowed and is delivered like any other message.</li>
 *   <li>Send methods never block on the network for long: they queue and return. They are safe
 *       to call from any thread, including dispatcher callbacks. The caller must not modify the
 *       array after handing it over.</li>
 *   <li>A peer that dies or breaks the protocol is reported once through
 *       {@link Dispatcher#peerFailed}; sends to it afterwards are dropped.</li>
 * </ul>
 */
public interface Comm {

    /** Largest express message, in bytes. */
    int EXPRESS_MAX_BYTES = 64;

    /** Connects this node to all others. Blocks until the mesh is up or fails. */
    void init(CommConfig config, Dispatcher dispatcher) throws CommException;

    /**
     * Closes every connection and stops every thread this Comm started, after the peers have read
     * everything sent before ({@link Departure#ORDERLY}). Idempotent.
     */
    void fin();

    /**
     * Closes as {@link #fin} does, for a node whose job has failed: what is queued and the goodbyes
     * still go out, but the peers get only {@link Departure#ABORTED}'s short grace to answer, so a
     * hung peer does not hold this node up. Idempotent; does nothing after {@link #fin}, nor
     * {@code fin} after it. The default is {@link #fin}, for Comms that wait for no peer anyway.
     */
    default void abort() {
        fin();
    }

    /** This node's rank, 0-based. */
    int myNode();

    /** Number of nodes in the job. */
    int nodes();

    /** Queues {@code message} for delivery to {@code node}. */
    void asend(int node, byte[] message);

    /**
     * Like {@link #asend(int, byte[])} for a copy of {@code buffer[offset, offset + length)}: the
     * caller may reuse the buffer as soon as this returns. A Comm that copies into its own send
     * buffers anyway does it here and spares the intermediate array; the default makes that array.
     */
    default void asend(int node, byte[] buffer, int offset, int length) {
        asend(node, Arrays.copyOfRange(buffer, offset, offset + length));
    }

    /**
     * Like {@link #asend(int, byte[], int, int)} for a copy of {@code message}'s remaining bytes
     * (position to limit; the position is left as it is): the caller may reuse the buffer as soon as
     * this returns. A Comm that copies into native send buffers takes a direct buffer's bytes in one
     * native copy, e.g. to send on what a {@link DirectDispatcher} was lent; the default makes an
     * array.
     */
    default void asend(int node, ByteBuffer message) {
        asend(node, ByteBuffers.remainingCopy(message));
    }

    /**
     * Like {@link #asend(int, byte[])} for a message that {@code message} writes before this returns.
     * A Comm with send memory of its own hands that out, so the message is copied once; the default
     * has it written into a reused array of this thread and sends a copy of that, as
     * {@link #asend(int, byte[], int, int)}.
     */
    default void asend(int node, MessageWriter message) {
        GatherBuffer.gather(message, (buffer, length) -> asend(node, buffer, 0, length));
    }

    /** Queues a small, high-priority message for {@code node}. */
    void expressSend(int node, byte[] message);
}

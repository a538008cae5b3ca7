package org.jdsm.comm;

/**
 * A {@link Dispatcher} that can take bulk messages in a buffer the Comm keeps and reuses, which
 * spares the Comm a fresh array per message (for large messages, the allocation and zeroing cost
 * about as much as the copy). A Comm may call either {@code received} method for any message;
 * {@link Comm}s that hand over the sender's array anyway (e.g. in-process ones) keep calling
 * {@link #received(int, byte[])}.
 */
public interface BufferDispatcher extends Dispatcher {

    /**
     * A bulk message from {@code fromNode}, in that peer's send order: bytes {@code [0, length)} of
     * {@code buffer}. The buffer is lent only until this call returns; the Comm then overwrites it.
     */
    void received(int fromNode, byte[] buffer, int length);
}

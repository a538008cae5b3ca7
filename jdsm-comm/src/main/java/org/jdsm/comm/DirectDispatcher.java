package org.jdsm.comm;

import java.nio.ByteBuffer;

/**
 * A {@link BufferDispatcher} that can read a bulk message where the Comm received it, in the
 * Comm's native memory, so a Comm that receives into native buffers (UcxComm: UCX writes them, by
 * RDMA where the hardware has it) skips the copy into a Java array. A Comm may call any
 * {@code received} method for any message; Comms without native receive buffers never call this one.
 */
public interface DirectDispatcher extends BufferDispatcher {

    /**
     * A bulk message from {@code fromNode}, in that peer's send order: the bytes from {@code
     * message}'s position to its limit, in a direct buffer lent only until this call returns. The
     * Comm then frees or reuses the memory: neither the buffer nor any view of it may be kept or
     * used afterwards, so copy out what must outlive the call.
     */
    void received(int fromNode, ByteBuffer message);
}

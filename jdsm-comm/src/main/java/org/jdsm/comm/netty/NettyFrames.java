package org.jdsm.comm.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.jdsm.comm.net.Frames;

/** Writes the {@link Frames} format into Netty buffers. */
final class NettyFrames {

    private NettyFrames() {
    }

    static void writeHeader(ByteBuf out, byte type, int payloadLength) {
        out.writeInt(payloadLength).writeByte(type);
    }

    /** A whole small frame in one pooled direct buffer. */
    static ByteBuf frame(ByteBufAllocator alloc, byte type, byte[] payload) {
        ByteBuf out = alloc.directBuffer(Frames.HEADER_BYTES + payload.length);
        writeHeader(out, type, payload.length);
        return out.writeBytes(payload);
    }
}

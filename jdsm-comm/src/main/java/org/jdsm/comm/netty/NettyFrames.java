package org.jdsm.comm.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import org.jdsm.comm.net.Frames;

/** Writes the {@link Frames} format into Netty buffers. */
final class NettyFrames {

    private NettyFrames() {
    }

    static void writeHeader(ByteBuf out, byte type, int payloadLength) {
        out.writeInt(payloadLength).writeByte(type);
    }

    /** Largest piece of pooled memory one frame of {@link #data} takes; larger frames are made of several. */
    private static final int MAX_PIECE = 1 << 20;

    /**
     * A DATA frame holding a copy of {@code payload[offset, offset + length)}, in pooled direct
     * memory: one buffer, or for a large payload a composite of pieces (huge pooled allocations
     * would bypass the pool).
     */
    static ByteBuf data(ByteBufAllocator alloc, byte[] payload, int offset, int length) {
        int total = Frames.HEADER_BYTES + length;
        if (total <= MAX_PIECE) {
            ByteBuf out = alloc.directBuffer(total);
            writeHeader(out, Frames.DATA, length);
            return out.writeBytes(payload, offset, length);
        }
        CompositeByteBuf frame = alloc.compositeDirectBuffer(total / MAX_PIECE + 1);
        ByteBuf piece = alloc.directBuffer(MAX_PIECE);
        writeHeader(piece, Frames.DATA, length);
        int done = 0;
        while (true) {
            int n = Math.min(piece.writableBytes(), length - done);
            piece.writeBytes(payload, offset + done, n);
            done += n;
            frame.addComponent(true, piece);
            if (done == length) {
                return frame;
            }
            piece = alloc.directBuffer(Math.min(MAX_PIECE, length - done));
        }
    }

    /** A whole small frame in one pooled direct buffer. */
    static ByteBuf frame(ByteBufAllocator alloc, byte type, byte[] payload) {
        ByteBuf out = alloc.directBuffer(Frames.HEADER_BYTES + payload.length);
        writeHeader(out, type, payload.length);
        return out.writeBytes(payload);
    }
}

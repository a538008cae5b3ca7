package org.jdsm.comm.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.jdsm.comm.MessageWriter;
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
        if (total > MAX_PIECE) {
            return data(alloc, MessageWriter.of(payload, offset, length));
        }
        ByteBuf out = alloc.directBuffer(total);
        writeHeader(out, Frames.DATA, length);
        return out.writeBytes(payload, offset, length);
    }

    /**
     * A DATA frame that {@code message} writes straight into pooled direct memory: one buffer, or
     * from {@link #MAX_PIECE} a composite of pieces of that size.
     */
    static ByteBuf data(ByteBufAllocator alloc, MessageWriter message) {
        int length = message.length();
        FrameRoom room = new FrameRoom(alloc, Frames.HEADER_BYTES + length);
        try {
            writeHeader(room.piece, Frames.DATA, length);
            message.writeTo(room);
            return room.frame();
        } catch (RuntimeException | Error e) {
            room.release();
            throw e;
        }
    }

    /** The pieces of one frame as a {@link MessageWriter} fills them. */
    private static final class FrameRoom implements MessageWriter.Room {
        private final ByteBufAllocator alloc;
        private final List<ByteBuf> pieces = new ArrayList<>(1);
        private final int total;
        /** Bytes in the pieces before the current one. */
        private int before;
        private ByteBuf piece;
        /** The current piece's writable part, as last handed out; its position is what was written. */
        private ByteBuffer view;

        FrameRoom(ByteBufAllocator alloc, int total) {
            this.alloc = alloc;
            this.total = total;
            this.piece = alloc.directBuffer(Math.min(MAX_PIECE, total));
            pieces.add(piece);
        }

        @Override
        public ByteBuffer next(int bytes) {
            if (view == null) {
                view = piece.nioBuffer(piece.writerIndex(), piece.writableBytes());
            }
            if (view.remaining() >= bytes) {
                return view;
            }
            commit();
            piece = alloc.directBuffer(Math.max(bytes, Math.min(MAX_PIECE, total - before)));
            pieces.add(piece);
            view = piece.nioBuffer(0, piece.writableBytes());
            return view;
        }

        /** Counts what the writer put into the current piece. */
        private void commit() {
            if (view != null) {
                piece.writerIndex(piece.writerIndex() + view.position());
                view = null;
            }
            before += piece.readableBytes();
        }

        ByteBuf frame() {
            commit();
            MessageWriter.checkWritten(total - Frames.HEADER_BYTES, before - Frames.HEADER_BYTES);
            if (pieces.size() == 1) {
                return piece;
            }
            CompositeByteBuf frame = alloc.compositeDirectBuffer(pieces.size());
            frame.addComponents(true, pieces);
            return frame;
        }

        void release() {
            pieces.forEach(ByteBuf::release);
        }
    }

    /** A whole small frame in one pooled direct buffer. */
    static ByteBuf frame(ByteBufAllocator alloc, byte type, byte[] payload) {
        ByteBuf out = alloc.directBuffer(Frames.HEADER_BYTES + payload.length);
        writeHeader(out, type, payload.length);
        return out.writeBytes(payload);
    }
}

package org.jdsm.comm.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.jdsm.comm.CommException;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.LendingBuffer;

/**
 * Splits the inbound byte stream into {@link Frame}s. Each payload is copied straight from the
 * socket buffers into its own byte[] (no cumulation buffer, so a 64 MiB frame is copied once), and
 * the length is checked against the current limit before anything is allocated. In lending mode
 * (see {@link #lend}) DATA payloads go instead into one receive buffer ({@link LendingBuffer}) that
 * is reused for every frame and passed on as {@link LentData}, valid until the next handler returns.
 */
final class FrameDecoder extends ChannelInboundHandlerAdapter {

    private final byte[] header = new byte[Frames.HEADER_BYTES];
    private int headerFilled;
    private byte type;
    private byte[] payload;
    private int payloadLength;
    private int payloadFilled;
    private int limit;
    private boolean broken;
    private boolean lending;
    private final LendingBuffer lent = new LendingBuffer();

    FrameDecoder(int limit) {
        this.limit = limit;
    }

    /** Changes the payload limit, e.g. once the handshake is done. Call on the event loop. */
    void limit(int newLimit) {
        limit = newLimit;
    }

    /** Lends one reused buffer for DATA payloads from now on. Call on the event loop, after the handshake. */
    void lend() {
        lending = true;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            while (!broken && in.isReadable() && ctx.channel().isOpen()) {
                decode(ctx, in);
            }
        } catch (CommException e) {
            broken = true; // the rest of the stream is garbage; the next handler closes the channel
            throw e;
        } finally {
            in.release();
        }
    }

    private void decode(ChannelHandlerContext ctx, ByteBuf in) {
        if (payload == null) {
            int n = Math.min(header.length - headerFilled, in.readableBytes());
            in.readBytes(header, headerFilled, n);
            headerFilled += n;
            if (headerFilled < header.length) {
                return;
            }
            headerFilled = 0;
            int length = (header[0] & 0xff) << 24 | (header[1] & 0xff) << 16 | (header[2] & 0xff) << 8 | header[3] & 0xff;
            Frames.checkLength(length, limit);
            type = header[4];
            payload = lends() ? lent.get(length) : new byte[length];
            payloadLength = length;
            payloadFilled = 0;
        }
        int n = Math.min(payloadLength - payloadFilled, in.readableBytes());
        in.readBytes(payload, payloadFilled, n);
        payloadFilled += n;
        if (payloadFilled == payloadLength) {
            Object frame = lends() ? new LentData(payload, payloadLength) : new Frame(type, payload);
            payload = null;
            ctx.fireChannelRead(frame);
        }
    }

    private boolean lends() {
        return lending && type == Frames.DATA;
    }
}

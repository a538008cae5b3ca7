package org.jdsm.comm.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.jdsm.comm.CommException;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;

/**
 * Authenticates a new connection before anything else may use it. On success it installs a
 * {@link LaneHandler} in its place; on any failure (bad frame, bad proof, timeout, close) it logs
 * one line naming the remote side and the reason ({@link Mesh#refusals}, throttled), and closes the
 * connection. Until then no frame reaches the Dispatcher.
 */
abstract class HandshakeHandler extends ChannelInboundHandlerAdapter {

    protected final Mesh mesh;
    private boolean done;

    HandshakeHandler(Mesh mesh) {
        this.mesh = mesh;
    }

    /** Called when the connection is up: starts the handshake's time limit; the dialer speaks first. */
    abstract void start(ChannelHandlerContext ctx);

    /** The handshake is over, passed or failed: its time limit stops. */
    abstract void finished();

    /** One handshake frame; throw {@link CommException} to refuse the connection. */
    abstract void onFrame(ChannelHandlerContext ctx, Frame frame);

    /** Names the connection and, once known, the peer it claims to be. */
    abstract String describe(ChannelHandlerContext ctx);

    /** Why the connection closed before the handshake finished. */
    abstract String closedReason();

    /** Hook for the side that must report the failure elsewhere. */
    void failed(String reason) {
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        start(ctx);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (done) {
            return;
        }
        try {
            onFrame(ctx, (Frame) msg);
        } catch (CommException e) {
            fail(ctx, e.getMessage());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, Mesh.describe(cause));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(ctx, closedReason());
        ctx.fireChannelInactive();
    }

    void send(ChannelHandlerContext ctx, byte type, byte[] payload) {
        ctx.writeAndFlush(NettyFrames.frame(ctx.alloc(), type, payload));
    }

    static void expect(Frame frame, byte type) {
        Frames.checkType(frame.type(), type);
    }

    /** Authenticated and registered: from now on the connection is a lane to {@code rank}. */
    void succeed(ChannelHandlerContext ctx, int rank, Lane lane) {
        done = true;
        finished();
        ctx.channel().config().setWriteBufferWaterMark(lane.waterMark);
        FrameDecoder decoder = ctx.pipeline().get(FrameDecoder.class);
        decoder.limit(lane.payloadLimit(mesh.config));
        if (lane == Lane.BULK && mesh.lendsBuffers()) {
            decoder.lend();
        }
        ctx.pipeline().replace(this, "lane", new LaneHandler(mesh, rank, lane));
    }

    /** Logs why the handshake failed and closes the connection, unless the handshake is over. */
    void fail(ChannelHandlerContext ctx, String reason) {
        if (done) {
            return;
        }
        done = true;
        finished();
        if (!mesh.isClosing()) { // at fin, unfinished handshakes are simply cut off
            mesh.refusals.warning("node " + mesh.me() + ": closed " + describe(ctx) + ": " + reason);
            failed(reason);
        }
        ctx.close();
    }
}

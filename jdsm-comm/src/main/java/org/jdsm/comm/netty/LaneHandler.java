package org.jdsm.comm.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.jdsm.comm.CommException;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;

/**
 * Inbound side of an authenticated lane: DATA goes to the Dispatcher, BYE is an orderly goodbye,
 * and anything else, or losing the connection, fails the peer.
 */
final class LaneHandler extends ChannelInboundHandlerAdapter {

    private final Mesh mesh;
    private final int rank;
    private final Lane lane;
    private Throwable cause;
    private boolean bye;

    LaneHandler(Mesh mesh, int rank, Lane lane) {
        this.mesh = mesh;
        this.rank = rank;
        this.lane = lane;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof LentData lent) {
            mesh.deliverLent(rank, lent.buffer(), lent.length());
            return;
        }
        Frame frame = (Frame) msg;
        if (frame.type() == Frames.DATA) {
            mesh.deliver(rank, lane, frame.payload());
        } else if (frame.type() == Frames.BYE) {
            bye = true;
            mesh.departed(rank);
            ctx.close(); // everything before BYE was read, so this close is clean on both sides
        } else {
            throw new CommException("protocol violation: " + Frames.name(frame.type()) + " frame on an open lane");
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
        if (cause == null) {
            cause = t;
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!bye) {
            mesh.lost(rank, lane, cause != null ? cause : new CommException("connection closed by the peer"));
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            mesh.peer(rank).outbound(lane).scheduleDrain();
        }
        ctx.fireChannelWritabilityChanged();
    }
}

package org.jdsm.comm.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommException;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeException;

/** Dialer side of the handshake, for a lane this node opens to a lower-ranked node. */
final class DialHandshake extends HandshakeHandler {

    private final int rank;
    private final Lane lane;
    private final InetSocketAddress address;
    private final Handshake.Dialer dialer;
    private ScheduledFuture<?> timeout;
    private boolean answered;

    DialHandshake(Mesh mesh, int rank, Lane lane, InetSocketAddress address) {
        super(mesh);
        this.rank = rank;
        this.lane = lane;
        this.address = address;
        this.dialer = mesh.handshake.dialer(lane.purpose, mesh.me(), rank);
    }

    @Override
    void start(ChannelHandlerContext ctx) {
        long millis = mesh.handshakeTimeoutMillis;
        timeout = ctx.executor().schedule(() -> fail(ctx, "no complete handshake within " + millis + " ms"),
                millis, TimeUnit.MILLISECONDS);
        send(ctx, Frames.HELLO, dialer.hello().encode());
    }

    @Override
    void finished() {
        if (timeout != null) { // null if the connection failed before it was up
            timeout.cancel(false);
        }
    }

    @Override
    void onFrame(ChannelHandlerContext ctx, Frame frame) {
        if (!answered) {
            expect(frame, Frames.CHALLENGE);
            byte[] proof = dialer.answer(frame.payload());
            answered = true;
            send(ctx, Frames.PROOF, proof);
        } else {
            expect(frame, Frames.ACCEPT);
            String refusal = mesh.attach(rank, lane, ctx.channel());
            if (refusal != null) {
                throw new HandshakeException(refusal);
            }
            succeed(ctx, rank, lane);
        }
    }

    @Override
    String describe(ChannelHandlerContext ctx) {
        return lane + " to node " + rank + " at " + address;
    }

    @Override
    String closedReason() {
        return answered
                ? "node " + rank + " closed the connection instead of accepting us (wrong secret, job id or rank?)"
                : "node " + rank + " closed the connection during the handshake";
    }

    @Override
    void failed(String reason) {
        mesh.failStart(new CommException("node " + mesh.me() + ": " + lane + " to node " + rank
                + " at " + address + " failed: " + reason));
    }
}

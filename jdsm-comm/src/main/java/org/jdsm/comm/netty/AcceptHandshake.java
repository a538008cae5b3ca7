package org.jdsm.comm.netty;

import io.netty.channel.ChannelHandlerContext;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeException;
import org.jdsm.comm.net.HandshakeSlots;

/**
 * Listener side of the handshake, for a connection a higher-ranked node dialed. It holds one of the
 * node's {@link Mesh#handshakeSlots} until it authenticates, which bounds the sockets a flood of
 * unauthenticated connections can keep open and cuts off each one when its time is up.
 */
final class AcceptHandshake extends HandshakeHandler {

    private final Handshake.Listener listener;
    private HandshakeSlots.Slot slot;
    private Handshake.Hello hello;
    private Lane lane;

    AcceptHandshake(Mesh mesh) {
        super(mesh);
        this.listener = mesh.handshake.listener();
    }

    @Override
    void start(ChannelHandlerContext ctx) {
        slot = mesh.handshakeSlots.admit(ctx.channel()::close); // the dialer speaks first
    }

    @Override
    void finished() {
        if (slot != null) { // null if the connection failed before it was up
            slot.release();
        }
    }

    @Override
    void onFrame(ChannelHandlerContext ctx, Frame frame) {
        if (hello == null) {
            expect(frame, Frames.HELLO);
            Handshake.Hello claimed = listener.receive(frame.payload());
            lane = check(claimed);
            slot.hello();
            hello = claimed;
            send(ctx, Frames.CHALLENGE, listener.challenge());
        } else {
            expect(frame, Frames.PROOF);
            listener.verify(frame.payload());
            if (!slot.authenticated()) { // cut off just now: the channel is closing
                throw new HandshakeException(slot.cutOffReason());
            }
            String refusal = mesh.attach(hello.dialerRank(), lane, ctx.channel());
            if (refusal != null) {
                throw new HandshakeException(refusal);
            }
            send(ctx, Frames.ACCEPT, new byte[0]);
            succeed(ctx, hello.dialerRank(), lane);
        }
    }

    /** Refuses claims that cannot be true before any proof is computed for them. */
    private Lane check(Handshake.Hello claimed) {
        Lane claimedLane = Lane.of(claimed.purpose());
        if (claimedLane == null) {
            throw new HandshakeException("a " + claimed.purpose() + " handshake is not a mesh lane");
        }
        int me = mesh.me();
        if (claimed.listenerRank() != me) {
            throw new HandshakeException("addressed to node " + claimed.listenerRank() + ", but this is node " + me);
        }
        int rank = claimed.dialerRank();
        int nodes = mesh.config.nodes();
        if (rank < 0 || rank >= nodes) {
            throw new HandshakeException("unknown rank " + rank + " (the job has " + nodes + " nodes)");
        }
        if (rank <= me) {
            throw new HandshakeException("node " + rank + " must not dial node " + me + " (higher ranks dial lower ones)");
        }
        return claimedLane;
    }

    @Override
    String describe(ChannelHandlerContext ctx) {
        String who = "connection from " + ctx.channel().remoteAddress();
        return hello == null ? who : who + " (claims node " + hello.dialerRank() + ", " + lane + ")";
    }

    @Override
    String closedReason() {
        String cutOff = slot == null ? null : slot.cutOffReason();
        return cutOff != null ? cutOff : "closed by the remote side before authenticating";
    }
}

package org.jdsm.comm.netty;

import io.netty.channel.ChannelHandlerContext;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeException;

/** Listener side of the handshake, for a connection a higher-ranked node dialed. */
final class AcceptHandshake extends HandshakeHandler {

    private final Handshake.Listener listener;
    private Handshake.Hello hello;
    private Lane lane;

    AcceptHandshake(Mesh mesh) {
        super(mesh);
        this.listener = mesh.handshake.listener();
    }

    @Override
    void start(ChannelHandlerContext ctx) {
        // The dialer speaks first.
    }

    @Override
    void onFrame(ChannelHandlerContext ctx, Frame frame) {
        if (hello == null) {
            expect(frame, Frames.HELLO);
            Handshake.Hello claimed = listener.receive(frame.payload());
            lane = check(claimed);
            hello = claimed;
            send(ctx, Frames.CHALLENGE, listener.challenge());
        } else {
            expect(frame, Frames.PROOF);
            listener.verify(frame.payload());
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
        return "closed by the remote side before authenticating";
    }
}

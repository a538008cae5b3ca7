package org.jdsm.comm.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommException;

/** Dials the lanes this node opens, retrying while the peer is not listening yet. */
final class Connector {

    private static final long RETRY_MILLIS = 100;
    private static final long MAX_ATTEMPT_MILLIS = 5_000;

    private final Bootstrap bootstrap;
    private final EventLoopGroup group;
    private final Mesh mesh;
    private final long deadlineNanos;

    Connector(Transport transport, EventLoopGroup group, Mesh mesh, long deadlineNanos) {
        this.bootstrap = Bootstraps.dialing(transport, group);
        this.group = group;
        this.mesh = mesh;
        this.deadlineNanos = deadlineNanos;
    }

    /** Dials {@code lane} to node {@code rank}; success or failure is reported to the mesh. */
    void dial(int rank, Lane lane, InetSocketAddress address) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        bootstrap.clone()
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.max(1, Math.min(left, MAX_ATTEMPT_MILLIS)))
                .handler(Bootstraps.pipeline(() -> new DialHandshake(mesh, rank, lane, address)))
                .connect(address)
                .addListener((ChannelFutureListener) f -> retryIfFailed(f, rank, lane, address));
    }

    private void retryIfFailed(ChannelFuture attempt, int rank, Lane lane, InetSocketAddress address) {
        if (attempt.isSuccess() || mesh.isClosing()) {
            return;
        }
        String error = address + ": " + Mesh.describe(attempt.cause());
        mesh.peer(rank).dialFailed(lane, error);
        if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS) >= deadlineNanos) {
            mesh.failStart(new CommException("node " + mesh.me() + ": could not connect the " + lane + " to node "
                    + rank + " at " + error));
            return;
        }
        try {
            group.schedule(() -> dial(rank, lane, address), RETRY_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // init gave up and stopped the event loops.
        }
    }
}

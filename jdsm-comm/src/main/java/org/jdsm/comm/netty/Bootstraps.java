package org.jdsm.comm.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.RecvByteBufAllocator;
import java.util.function.Supplier;
import org.jdsm.comm.net.Handshake;

/** The channel options and the pipeline every lane starts with, dialed or accepted. */
final class Bootstraps {

    /**
     * Reads grow up to 256 KiB instead of Netty's 64 KiB, so a large frame takes a few system calls
     * and pooled buffers rather than dozens. Set before the first read: Netty keeps its handle.
     */
    private static final RecvByteBufAllocator READS = new AdaptiveRecvByteBufAllocator(
            AdaptiveRecvByteBufAllocator.DEFAULT_MINIMUM, AdaptiveRecvByteBufAllocator.DEFAULT_INITIAL, 256 << 10);

    private Bootstraps() {
    }

    static Bootstrap dialing(Transport transport, EventLoopGroup group) {
        return new Bootstrap().group(group).channel(transport.channel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.RCVBUF_ALLOCATOR, READS);
    }

    static ServerBootstrap listening(Transport transport, EventLoopGroup group, Supplier<HandshakeHandler> handshake) {
        return new ServerBootstrap().group(group).channel(transport.serverChannel())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.RCVBUF_ALLOCATOR, READS)
                .childHandler(pipeline(handshake));
    }

    /** Frame decoding with the small pre-authentication limit, then the handshake. */
    static ChannelInitializer<Channel> pipeline(Supplier<HandshakeHandler> handshake) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast("frames", new FrameDecoder(Handshake.MAX_MESSAGE_BYTES))
                        .addLast("handshake", handshake.get());
            }
        };
    }
}

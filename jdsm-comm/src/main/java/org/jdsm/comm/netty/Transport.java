package org.jdsm.comm.netty;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.ThreadFactory;
import org.jdsm.comm.CommException;

/** The Netty transport: native epoll where available, NIO otherwise (option {@code netty.transport}). */
enum Transport {
    NIO, EPOLL;

    /** Picks the transport named by the option value {@code auto}, {@code nio} or {@code epoll}. */
    static Transport select(String option) {
        switch (option) {
            case "auto":
                return Epoll.isAvailable() ? EPOLL : NIO;
            case "nio":
                return NIO;
            case "epoll":
                if (!Epoll.isAvailable()) {
                    throw new CommException("netty.transport=epoll, but native epoll is unavailable: "
                            + Epoll.unavailabilityCause());
                }
                return EPOLL;
            default:
                throw new CommException("netty.transport must be auto, nio or epoll, not '" + option + "'");
        }
    }

    EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
        return this == EPOLL ? new EpollEventLoopGroup(threads, threadFactory) : new NioEventLoopGroup(threads, threadFactory);
    }

    Class<? extends ServerChannel> serverChannel() {
        return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    Class<? extends SocketChannel> channel() {
        return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }
}

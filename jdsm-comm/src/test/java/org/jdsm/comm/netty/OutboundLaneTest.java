package org.jdsm.comm.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class OutboundLaneTest {

    /** Counts flushes and collects the bytes of each one. */
    private static final class FlushRecorder extends ChannelOutboundHandlerAdapter {
        final List<Integer> flushedBytes = new ArrayList<>();
        private int pending;

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            pending += ((ByteBuf) msg).readableBytes();
            ctx.write(msg, promise);
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            if (pending > 0) {
                flushedBytes.add(pending);
                pending = 0;
            }
            ctx.flush();
        }
    }

    private final FlushRecorder flushes = new FlushRecorder();
    private final EmbeddedChannel channel = new EmbeddedChannel(flushes);

    @BeforeEach
    void bulkLaneLimits() {
        channel.config().setWriteBufferWaterMark(Lane.BULK.waterMark);
    }

    private List<Frame> sent() {
        ByteBuf all = Unpooled.buffer();
        for (ByteBuf b; (b = channel.readOutbound()) != null; ) {
            all.writeBytes(b);
            b.release();
        }
        EmbeddedChannel decoder = new EmbeddedChannel(new FrameDecoder(Integer.MAX_VALUE));
        decoder.writeInbound(all);
        List<Frame> frames = new ArrayList<>();
        for (Frame f; (f = decoder.readInbound()) != null; ) {
            frames.add(f);
        }
        return frames;
    }

    private static byte[] bytes(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    @Test
    void aLargeMessageIsFlushedWhileItIsStillBeingCopied() {
        OutboundLane lane = new OutboundLane();
        lane.attach(channel);
        byte[] big = bytes(1 << 20, 1);
        lane.offer(big);
        channel.runPendingTasks();
        // Chunks go out as they fill; the last one takes the few bytes the header pushed past 1 MiB.
        assertEquals(List.of(256 << 10, 256 << 10, 256 << 10, (256 << 10) + Frames.HEADER_BYTES), flushes.flushedBytes,
                "bytes per flush");
        List<Frame> frames = sent();
        assertEquals(1, frames.size());
        assertArrayEquals(big, frames.get(0).payload());
    }

    @Test
    void aMessageOfOneChunkIsFlushedWhole() {
        OutboundLane lane = new OutboundLane();
        lane.attach(channel);
        lane.offer(bytes(256 << 10, 2));
        channel.runPendingTasks();
        assertEquals(List.of((256 << 10) + Frames.HEADER_BYTES), flushes.flushedBytes);
        assertArrayEquals(bytes(256 << 10, 2), sent().get(0).payload());
    }

    @Test
    void aBurstOfSmallMessagesIsFlushedOnce() {
        OutboundLane lane = new OutboundLane();
        lane.attach(channel);
        channel.runPendingTasks();
        for (int i = 0; i < 1000; i++) {
            lane.offer(bytes(100, i));
        }
        channel.runPendingTasks();
        assertEquals(List.of(1000 * (Frames.HEADER_BYTES + 100)), flushes.flushedBytes);
        List<Frame> frames = sent();
        assertEquals(1000, frames.size());
        for (int i = 0; i < 1000; i++) {
            assertArrayEquals(bytes(100, i), frames.get(i).payload(), "message " + i);
        }
        assertNull(channel.readOutbound());
    }
}

package org.jdsm.comm.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommException;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class FrameDecoderTest {

    private static ByteBuf frame(byte type, byte[] payload) {
        return Unpooled.buffer().writeInt(payload.length).writeByte(type).writeBytes(payload);
    }

    @Test
    void framesSplitAtEveryByteAreReassembled() {
        ByteBuf stream = Unpooled.buffer();
        byte[] big = new byte[100_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) i;
        }
        stream.writeBytes(frame(Frames.DATA, new byte[] {1, 2, 3})).writeBytes(frame(Frames.DATA, new byte[0]))
                .writeBytes(frame(Frames.BYE, new byte[0])).writeBytes(frame(Frames.DATA, big));
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(big.length));
        int step = 1;
        while (stream.isReadable()) {
            channel.writeInbound(stream.readRetainedSlice(Math.min(step, stream.readableBytes())));
            step = step * 3 % 9973 + 1; // uneven slices, byte-sized ones included
        }
        Frame first = channel.readInbound();
        assertArrayEquals(new byte[] {1, 2, 3}, first.payload());
        assertEquals(0, ((Frame) channel.readInbound()).payload().length);
        assertEquals(Frames.BYE, ((Frame) channel.readInbound()).type());
        assertArrayEquals(big, ((Frame) channel.readInbound()).payload());
        assertNull(channel.readInbound());
        stream.release();
        assertFalse(channel.finish());
    }

    @Test
    void oversizedAndNegativeLengthsAreRejectedBeforeAllocation() {
        EmbeddedChannel oversized = new EmbeddedChannel(new FrameDecoder(64));
        CommException e = assertThrows(CommException.class,
                () -> oversized.writeInbound(Unpooled.buffer().writeInt(Integer.MAX_VALUE).writeByte(Frames.DATA)));
        assertEquals("frame of 2147483647 bytes exceeds the limit of 64", e.getMessage());

        EmbeddedChannel negative = new EmbeddedChannel(new FrameDecoder(64));
        e = assertThrows(CommException.class, () -> negative.writeInbound(Unpooled.buffer().writeInt(-5).writeByte(Frames.DATA)));
        assertEquals("malformed frame: negative length -5", e.getMessage());
    }

    @Test
    void nothingIsDecodedAfterAnError() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(64));
        assertThrows(CommException.class, () -> channel.writeInbound(Unpooled.buffer().writeInt(-1).writeByte(0)));
        channel.writeInbound(frame(Frames.DATA, new byte[] {1}));
        assertNull(channel.readInbound(), "the stream after a bad header is garbage");
        assertTrue(channel.isOpen());
    }
}

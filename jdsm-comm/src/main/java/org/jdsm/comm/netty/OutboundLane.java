package org.jdsm.comm.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.ReferenceCountUtil;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jdsm.comm.MessageWriter;
import org.jdsm.comm.net.Frames;

/**
 * The sending side of one lane to one peer. Any thread {@link #offer}s messages; a single drain
 * task on the channel's event loop copies queued messages into pooled direct chunks and writes
 * them while the channel is writable, so bursts from many threads cost one task (write batching).
 * Every {@link #FLUSH_BYTES} written are flushed at once, so the peer reads a large message while
 * the rest of it is still being copied; whatever is left is flushed once at the end of the run
 * (flush coalescing for small messages). Direct memory in flight stays bounded by the lane's water
 * mark: when the channel turns unwritable, draining stops until {@link #scheduleDrain} is called
 * from {@code channelWritabilityChanged}.
 *
 * <p>{@link #offerCopy} takes a message the caller keeps: while the channel is writable it is framed
 * at once into pooled direct buffers (one copy, no heap array), which the drain writes as they are.
 */
final class OutboundLane {

    private static final int MIN_CHUNK = 4 << 10;
    private static final int MAX_CHUNK = 256 << 10;
    /** Enough that each flush (a system call, and a wake-up of the reader) moves plenty. */
    private static final int FLUSH_BYTES = MAX_CHUNK;

    /** Each entry a byte[] to frame and copy out, or a ready frame in a ByteBuf (see {@link #offerCopy}). */
    private final Queue<Object> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final Runnable drainTask = this::drain;
    private volatile Channel channel;
    private volatile boolean finishing;
    private volatile boolean discarded;

    // Confined to the event loop: the message being copied out and how far.
    private byte[] current;
    private int written;
    private boolean headerWritten;
    private boolean byeWritten;

    /** Starts sending on an authenticated channel; messages queued so far go first. */
    void attach(Channel ch) {
        channel = ch;
        scheduleDrain();
    }

    /** Queues a message; false if the lane no longer sends. */
    boolean offer(byte[] message) {
        if (finishing || discarded) {
            return false;
        }
        queue.add(message);
        scheduleDrain();
        return true;
    }

    /** Queues a copy of {@code buffer[offset, offset + length)}; false if the lane no longer sends. */
    boolean offerCopy(byte[] buffer, int offset, int length) {
        Channel ch = channel;
        if (ch == null || !ch.isWritable()) {
            // Not connected yet, or the peer is slow: wait on the heap, bounded like any other message.
            return offer(Arrays.copyOfRange(buffer, offset, offset + length));
        }
        if (finishing || discarded) {
            return false;
        }
        return queueFrame(NettyFrames.data(ch.alloc(), buffer, offset, length));
    }

    /**
     * Queues a message that writes itself: while the channel is writable straight into pooled
     * direct buffers (one copy), else into an array that waits on the heap; false if the lane no
     * longer sends. The message is written before this returns either way.
     */
    boolean offerWritten(MessageWriter message) {
        Channel ch = channel;
        if (ch == null || !ch.isWritable()) {
            return offer(MessageWriter.toArray(message));
        }
        if (finishing || discarded) {
            return false;
        }
        return queueFrame(NettyFrames.data(ch.alloc(), message));
    }

    /** Queues a ready frame in direct memory (the caller checked that the lane still sends). */
    private boolean queueFrame(ByteBuf frame) {
        queue.add(frame);
        if (discarded) {
            clearQueue(); // raced with discard(): release what it may have missed
        }
        scheduleDrain();
        return true;
    }

    /** Sends what is queued, then BYE, then half-closes the connection (orderly shutdown). */
    void finish() {
        finishing = true;
        scheduleDrain();
    }

    /**
     * Drops everything queued and everything offered later (the peer is gone). The frame being
     * written is completed, so that a BYE from {@link #finish} can still follow it.
     */
    void discard() {
        discarded = true;
        clearQueue();
    }

    private void clearQueue() {
        for (Object item = queue.poll(); item != null; item = queue.poll()) {
            ReferenceCountUtil.release(item);
        }
    }

    void scheduleDrain() {
        Channel ch = channel;
        if (ch != null && drainScheduled.compareAndSet(false, true)) {
            try {
                ch.eventLoop().execute(drainTask);
            } catch (RejectedExecutionException e) {
                // The event loop is shut down, so the channel is closed: nothing left to send to.
                drainScheduled.set(false);
            }
        }
    }

    private void drain() {
        drainScheduled.set(false);
        Channel ch = channel;
        if (!ch.isActive()) {
            clearQueue();
            current = null;
            return;
        }
        if (discarded) {
            clearQueue();
        }
        ByteBuf chunk = null;
        int unflushed = 0;
        while (ch.isWritable()) {
            if (current == null) {
                Object next = queue.poll();
                if (next == null) {
                    break;
                }
                if (next instanceof ByteBuf framed) {
                    if (chunk != null) {
                        unflushed = write(ch, chunk, unflushed);
                        chunk = null;
                    }
                    unflushed = write(ch, framed, unflushed);
                    continue;
                }
                current = (byte[]) next;
            }
            if (chunk == null) {
                chunk = ch.alloc().directBuffer(chunkSize());
            }
            if (!headerWritten) {
                if (chunk.writableBytes() < Frames.HEADER_BYTES) {
                    unflushed = write(ch, chunk, unflushed);
                    chunk = null;
                    continue;
                }
                NettyFrames.writeHeader(chunk, Frames.DATA, current.length);
                headerWritten = true;
            }
            int n = Math.min(chunk.writableBytes(), current.length - written);
            chunk.writeBytes(current, written, n);
            written += n;
            if (written == current.length) {
                current = null;
                written = 0;
                headerWritten = false;
            }
            if (!chunk.isWritable()) {
                unflushed = write(ch, chunk, unflushed);
                chunk = null;
            }
        }
        if (chunk != null) {
            ch.write(chunk, ch.voidPromise());
        }
        if (finishing && !byeWritten && current == null && queue.isEmpty()) {
            byeWritten = true;
            ch.write(NettyFrames.frame(ch.alloc(), Frames.BYE, new byte[0]))
                    .addListener((ChannelFutureListener) f -> ((SocketChannel) ch).shutdownOutput());
        }
        ch.flush();
    }

    /** Writes a full chunk, flushing if {@link #FLUSH_BYTES} are now pending; returns what stays unflushed. */
    private static int write(Channel ch, ByteBuf chunk, int unflushed) {
        int pending = unflushed + chunk.readableBytes();
        if (pending < FLUSH_BYTES) {
            ch.write(chunk, ch.voidPromise());
            return pending;
        }
        ch.writeAndFlush(chunk, ch.voidPromise());
        return 0;
    }

    /**
     * Room for the rest of the current message, at least MIN_CHUNK (small messages share) and at
     * most MAX_CHUNK, unless MIN_CHUNK more takes the whole rest: a message's last few bytes must not
     * get a chunk and a flush (another wake-up of the reader) of their own.
     */
    private int chunkSize() {
        int wanted = Frames.HEADER_BYTES + current.length - written;
        return Math.max(MIN_CHUNK, wanted <= MAX_CHUNK + MIN_CHUNK ? wanted : MAX_CHUNK);
    }
}

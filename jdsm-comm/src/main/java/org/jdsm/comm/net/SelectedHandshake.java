package org.jdsm.comm.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * The listener's side of one accepted connection's {@link Handshake} on a {@link HandshakeSelector}:
 * the same frames and checks as {@link BlockingHandshake#dial}'s peer expects, moved on as far as
 * the bytes that have arrived allow, never blocking. Nothing but the fixed-size hello is parsed
 * before the peer has proven the job secret.
 */
final class SelectedHandshake {

    final SocketChannel channel;
    /** The remote address, kept for log lines after the channel is closed. */
    final String peer;
    private final Handshake.Listener listener;
    private final Consumer<Handshake.Hello> check;
    private final FrameReader reader = new FrameReader();
    HandshakeSlots.Slot slot;
    SelectionKey key;
    private Handshake.Hello hello;
    /** The frame being written, if any. */
    private ByteBuffer out;
    private boolean proven;

    SelectedHandshake(SocketChannel channel, String peer, Handshake.Listener listener, Consumer<Handshake.Hello> check) {
        this.channel = channel;
        this.peer = peer;
        this.listener = listener;
        this.check = check;
    }

    /**
     * Reads and writes what it can now; true once the peer proved the secret and ACCEPT is sent.
     *
     * @throws IOException or {@link org.jdsm.comm.CommException} to refuse the connection
     */
    boolean advance() throws IOException {
        while (true) {
            if (out != null) {
                channel.write(out);
                if (out.hasRemaining()) {
                    key.interestOps(SelectionKey.OP_WRITE); // the peer reads slowly: go on when it has room
                    return false;
                }
                out = null;
                key.interestOps(SelectionKey.OP_READ);
                if (proven) {
                    return true;
                }
            }
            if (hello == null) {
                Frame frame = reader.read(channel, Frames.HELLO, Handshake.MAX_MESSAGE_BYTES);
                if (frame == null) {
                    return false;
                }
                Handshake.Hello claimed = listener.receive(frame.payload());
                check.accept(claimed); // before any proof is computed for the claims
                slot.hello();
                hello = claimed;
                out = Frames.encode(Frames.CHALLENGE, listener.challenge());
            } else {
                Frame frame = reader.read(channel, Frames.PROOF, Handshake.MAX_MESSAGE_BYTES);
                if (frame == null) {
                    return false;
                }
                listener.verify(frame.payload());
                proven = true;
                out = Frames.encode(Frames.ACCEPT, new byte[0]);
            }
        }
    }

    /** The peer's hello, once it has been read. */
    Handshake.Hello hello() {
        return hello;
    }
}

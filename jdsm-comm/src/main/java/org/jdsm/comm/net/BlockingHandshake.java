package org.jdsm.comm.net;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.function.Consumer;

/** Runs a {@link Handshake} over blocking streams (the rendezvous, and test peers). */
public final class BlockingHandshake {

    private BlockingHandshake() {
    }

    /**
     * Dialer side; returns once the listener accepted. Errors do not name the listener: callers add that.
     *
     * @throws HandshakeException if either side failed to authenticate
     */
    public static void dial(Handshake.Dialer dialer, DataInputStream in, DataOutputStream out) throws IOException {
        Frames.write(out, Frames.HELLO, dialer.hello().encode());
        Frames.write(out, Frames.PROOF, dialer.answer(Frames.expect(in, Frames.CHALLENGE, Handshake.MAX_MESSAGE_BYTES)));
        try {
            Frames.expect(in, Frames.ACCEPT, 0);
        } catch (EOFException e) {
            throw new HandshakeException("the listener closed the connection instead of accepting us"
                    + " (wrong secret, job id or rank?)");
        }
    }

    /**
     * Listener side; {@code check} vets the hello's claims (throwing to refuse) before any proof
     * is sent. Returns the authenticated hello.
     */
    public static Handshake.Hello accept(Handshake.Listener listener, DataInputStream in, DataOutputStream out,
            Consumer<Handshake.Hello> check) throws IOException {
        Handshake.Hello hello = listener.receive(Frames.expect(in, Frames.HELLO, Handshake.MAX_MESSAGE_BYTES));
        check.accept(hello);
        Frames.write(out, Frames.CHALLENGE, listener.challenge());
        listener.verify(Frames.expect(in, Frames.PROOF, Handshake.MAX_MESSAGE_BYTES));
        Frames.write(out, Frames.ACCEPT, new byte[0]);
        return hello;
    }
}

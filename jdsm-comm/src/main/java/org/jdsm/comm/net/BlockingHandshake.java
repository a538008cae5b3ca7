package org.jdsm.comm.net;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * Runs the dialer's side of a {@link Handshake} over blocking streams (the rendezvous, the UCX
 * bootstrap, test peers); the listeners' side runs on a {@link HandshakeSelector}.
 */
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
}

package org.jdsm.comm.net;

import org.jdsm.comm.CommException;

/** The other side of a connection failed to authenticate or broke the handshake protocol. */
public class HandshakeException extends CommException {
    private static final long serialVersionUID = 1L;

    public HandshakeException(String message) {
        super(message);
    }
}

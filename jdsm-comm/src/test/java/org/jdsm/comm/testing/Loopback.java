package org.jdsm.comm.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Loopback helpers for network tests, which must not touch any other address. */
public final class Loopback {

    private Loopback() {
    }

    /** A loopback port that nothing listened on a moment ago (for "peer not up yet" tests). */
    public static int freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

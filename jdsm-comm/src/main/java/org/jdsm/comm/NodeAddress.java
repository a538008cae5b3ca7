package org.jdsm.comm;

import java.util.Objects;

/** Where a node listens: host and TCP port. */
public record NodeAddress(String host, int port) {

    public NodeAddress {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /** Parses {@code host:port}. */
    public static NodeAddress parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected host:port, got '" + text + "'");
        }
        try {
            return new NodeAddress(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad port in '" + text + "'", e);
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}

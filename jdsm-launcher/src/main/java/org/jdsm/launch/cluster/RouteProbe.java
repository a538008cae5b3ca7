package org.jdsm.launch.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * This host's own address on the network that leads to another host: the gateway's address on the
 * nodes' private network, or a node's address facing the gateway. Asks the kernel's routing table
 * by connecting a UDP socket, which sends nothing.
 */
final class RouteProbe {

    private RouteProbe() {
    }

    /** The local address this host uses to reach {@code host}. */
    static String localAddressToward(String host) {
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.connect(new InetSocketAddress(InetAddress.getByName(host), 9));
            InetAddress local = socket.getLocalAddress();
            if (local.isAnyLocalAddress()) {
                throw new IOException("no route");
            }
            return local.getHostAddress();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find this host's address toward " + host + ": " + e.getMessage(), e);
        }
    }
}

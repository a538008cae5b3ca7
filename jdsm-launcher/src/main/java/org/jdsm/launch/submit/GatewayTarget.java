package org.jdsm.launch.submit;

import org.jdsm.launch.HostSuffix;
import org.jdsm.launch.LaunchException;

/**
 * The gateway as the user names it: {@code user@host[:port]}, an IPv6 address as {@code user@::1} or
 * {@code user@[::1]:port}.
 *
 * @param user the login name
 * @param host the host name or address
 * @param port the ssh port
 */
public record GatewayTarget(String user, String host, int port) {

    private static final int SSH_PORT = 22;

    /** Parses {@code user@host[:port]}; the user defaults to this machine's. */
    public static GatewayTarget parse(String text) {
        if (text == null || text.isBlank()) {
            throw new LaunchException("no gateway given: use --cluster user@host[:port] (or JDSM_CLUSTER, or cluster= in the config file)");
        }
        int at = text.lastIndexOf('@');
        String user = at < 0 ? System.getProperty("user.name") : text.substring(0, at);
        String hostPort = text.substring(at + 1);
        HostSuffix parsed = HostSuffix.parse(hostPort);
        String host = parsed.hasStrayBracket() ? "" : parsed.host();
        int port = SSH_PORT;
        if (parsed.suffix() != null) {
            try {
                port = Integer.parseInt(parsed.suffix());
            } catch (NumberFormatException e) {
                throw new LaunchException("bad --cluster '" + text + "': the port must be a number", e);
            }
        }
        if (user.isEmpty() || host.isEmpty() || port < 1 || port > 65535) {
            throw new LaunchException("bad --cluster '" + text + "': expected user@host[:port]");
        }
        return new GatewayTarget(user, host, port);
    }

    /** The name known_hosts files use: {@code host}, or {@code [host]:port} off port 22. */
    String knownHostsName() {
        return port == SSH_PORT ? host : "[" + host + "]:" + port;
    }

    @Override
    public String toString() {
        return user + "@" + host + (port == SSH_PORT ? "" : ":" + port);
    }
}

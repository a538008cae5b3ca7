package org.jdsm.launch.submit;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import java.io.ByteArrayOutputStream;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.LongConsumer;
import org.jdsm.launch.LaunchException;

/**
 * The client's one ssh session to the gateway (JSch): keys and ssh-agent, host key checked
 * against known_hosts and never accepted blindly, a passphrase prompt when a person is at the
 * terminal, and keep-alives that notice a dead connection within seconds. Every command on the
 * gateway (cache check, upload, the ClusterManager, status, kill) is an exec channel of it.
 */
final class GatewaySession implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MILLIS = 15_000;
    private static final int ALIVE_INTERVAL_MILLIS = 1_000;
    private static final int ALIVE_COUNT_MAX = 3;
    private static final long COMMAND_TIMEOUT_MILLIS = 600_000;

    /**
     * How a short command ended.
     *
     * @param code   its exit status
     * @param stdout what it printed
     * @param stderr what it printed on stderr
     */
    record Result(int code, String stdout, String stderr) {
    }

    private final Session session;
    private final GatewayTarget target;

    private GatewaySession(Session session, GatewayTarget target) {
        this.session = session;
        this.target = target;
    }

    /**
     * Connects and authenticates.
     *
     * @param identity   a private key file, or null for the agent and ~/.ssh/id_*
     * @param knownHosts the known_hosts file that must hold the gateway's key
     * @throws LaunchException with a message that says what to do, if any of it fails
     */
    static GatewaySession open(GatewayTarget target, Path identity, Path knownHosts) {
        JSch jsch = new JSch();
        Identities.install(jsch, identity, System.getenv("SSH_AUTH_SOCK"));
        Session session = null;
        try {
            if (!Files.isReadable(knownHosts)) {
                throw new LaunchException("cannot read known_hosts file " + knownHosts + " (--known-hosts): the gateway's host "
                        + "key must be known; add it with: ssh-keyscan -p " + target.port() + " " + target.host() + " >> " + knownHosts);
            }
            jsch.setKnownHosts(knownHosts.toString());
            session = jsch.getSession(target.user(), target.host(), target.port());
            session.setConfig("StrictHostKeyChecking", "yes");
            session.setConfig("server_host_key", preferKnownKeyTypes(jsch, target));
            session.setConfig("PreferredAuthentications", "publickey,keyboard-interactive,password");
            Console console = System.console();
            if (console != null) {
                session.setUserInfo(new ConsoleUserInfo(console));
            }
            session.setServerAliveInterval(ALIVE_INTERVAL_MILLIS);
            session.setServerAliveCountMax(ALIVE_COUNT_MAX);
            session.connect(CONNECT_TIMEOUT_MILLIS);
            return new GatewaySession(session, target);
        } catch (JSchException e) {
            HostKey offered = session == null ? null : session.getHostKey();
            throw SshErrors.explain(e, target, knownHosts,
                    offered == null ? null : offered.getType() + " " + offered.getFingerPrint(jsch),
                    System.console() == null ? Identities.sealed(jsch) : null);
        }
    }

    /**
     * The host key types known_hosts holds for the gateway first, so that the gateway's answer is a
     * key that can be checked (as OpenSSH orders them).
     */
    private static String preferKnownKeyTypes(JSch jsch, GatewayTarget target) {
        Set<String> order = new LinkedHashSet<>();
        HostKey[] known = jsch.getHostKeyRepository().getHostKey(target.knownHostsName(), null);
        if (known != null) {
            Arrays.stream(known).map(HostKey::getType).forEach(order::add);
        }
        Set<String> supported = new LinkedHashSet<>(Arrays.asList(JSch.getConfig("server_host_key").split(",")));
        order.retainAll(supported);
        order.addAll(supported);
        return String.join(",", order);
    }

    /** Who and where, for messages. */
    GatewayTarget target() {
        return target;
    }

    /** Starts {@code command} on an exec channel of its own; the caller uses its streams. */
    ChannelExec start(String command) {
        try {
            ChannelExec channel = (ChannelExec) session.openChannel("exec");
            channel.setCommand(command);
            return channel;
        } catch (JSchException e) {
            throw new LaunchException("cannot open a channel to " + target + ": " + e.getMessage(), e);
        }
    }

    /** Runs a short command with nothing on its stdin. */
    Result run(String command) {
        return run(command, InputStream.nullInputStream(), sent -> { });
    }

    /** Runs a command with {@code stdin} on its stdin, telling {@code progress} how many bytes went. */
    Result run(String command, InputStream stdin, LongConsumer progress) {
        ChannelExec channel = start(command);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        channel.setOutputStream(out);
        channel.setErrStream(err);
        try {
            OutputStream in = channel.getOutputStream();
            channel.connect(CONNECT_TIMEOUT_MILLIS);
            byte[] buffer = new byte[1 << 16];
            long sent = 0;
            try {
                for (int n = stdin.read(buffer); n >= 0; n = stdin.read(buffer)) {
                    in.write(buffer, 0, n);
                    sent += n;
                    progress.accept(sent);
                }
                in.close();
            } catch (IOException e) {
                // The command ended before reading all (a directory it cannot make): its exit and stderr say why.
                if (!session.isConnected()) {
                    throw e;
                }
            }
            long deadline = System.currentTimeMillis() + COMMAND_TIMEOUT_MILLIS;
            while (!channel.isClosed()) {
                if (System.currentTimeMillis() > deadline || !session.isConnected()) {
                    throw new LaunchException("the gateway did not finish '" + command + "'");
                }
                Thread.sleep(20);
            }
            return new Result(channel.getExitStatus(), out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        } catch (JSchException | IOException e) {
            throw new LaunchException("lost the connection to " + target + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted", e);
        } finally {
            channel.disconnect();
        }
    }

    @Override
    public void close() {
        session.disconnect();
    }
}

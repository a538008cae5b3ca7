package org.jdsm.launch.submit;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.AgentProxyException;
import com.jcraft.jsch.Identity;
import com.jcraft.jsch.IdentityRepository;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.SSHAgentConnector;
import com.jcraft.jsch.UnixDomainSocketFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Vector;
import org.jdsm.launch.LaunchException;

/**
 * The keys the client offers the gateway: the ssh-agent's first (when {@code SSH_AUTH_SOCK} is
 * set), then the key files: {@code --identity}, or else the usual {@code ~/.ssh/id_*}.
 */
final class Identities {

    private static final List<String> DEFAULT_KEYS = List.of("id_ed25519", "id_ecdsa", "id_rsa");
    private static final String PUBLIC_SUFFIX = ".pub";

    private Identities() {
    }

    static void install(JSch jsch, Path identity, String agentSocket) {
        try {
            if (identity != null) {
                if (!Files.isReadable(identity)) {
                    throw new LaunchException("cannot read the key " + identity + " (--identity)");
                }
                jsch.addIdentity(identity.toString());
            } else {
                Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
                for (String name : DEFAULT_KEYS) {
                    if (Files.isReadable(ssh.resolve(name))) {
                        jsch.addIdentity(ssh.resolve(name).toString());
                    }
                }
            }
        } catch (JSchException e) {
            String name = identity != null ? identity.getFileName().toString() : "";
            if (name.endsWith(PUBLIC_SUFFIX)) {
                // As ssh's own files pair them: the private key is the same name without .pub.
                throw new LaunchException("the key " + identity + " is a public key; --identity takes the private key, "
                        + identity.resolveSibling(name.substring(0, name.length() - PUBLIC_SUFFIX.length())), e);
            }
            throw new LaunchException("cannot use the key " + (identity != null ? identity : "in ~/.ssh") + ": " + e.getMessage(), e);
        }
        if (agentSocket != null && !agentSocket.isEmpty()) {
            try {
                IdentityRepository agent = new AgentIdentityRepository(
                        new SSHAgentConnector(new UnixDomainSocketFactory(), Path.of(agentSocket)));
                jsch.setIdentityRepository(new Both(agent, jsch.getIdentityRepository()));
            } catch (AgentProxyException e) {
                // No usable agent: the key files alone, as ssh itself would do.
            }
        }
    }

    /** The first key file among {@code jsch}'s identities that needs a passphrase, or null. */
    static String sealed(JSch jsch) {
        for (Identity identity : jsch.getIdentityRepository().getIdentities()) {
            if (identity.isEncrypted()) {
                return identity.getName();
            }
        }
        return null;
    }

    /** The agent's keys, then the files'; changes go to the files' repository, never to the agent. */
    private record Both(IdentityRepository agent, IdentityRepository files) implements IdentityRepository {

        @Override
        public String getName() {
            return "ssh-agent and key files";
        }

        @Override
        public int getStatus() {
            return RUNNING;
        }

        @Override
        public Vector<Identity> getIdentities() {
            Vector<Identity> all = new Vector<>();
            if (agent.getStatus() != UNAVAILABLE) {
                all.addAll(agent.getIdentities());
            }
            all.addAll(files.getIdentities());
            return all;
        }

        @Override
        public boolean add(byte[] identity) {
            return files.add(identity);
        }

        @Override
        public boolean remove(byte[] blob) {
            return files.remove(blob);
        }

        @Override
        public void removeAll() {
            files.removeAll();
        }
    }
}

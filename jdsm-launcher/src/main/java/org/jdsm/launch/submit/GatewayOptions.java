package org.jdsm.launch.submit;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where the gateway is and how to log in: the options {@code submit}, {@code status} and {@code kill} share. */
public final class GatewayOptions {

    @Option(names = "--cluster", paramLabel = "USER@HOST[:PORT]",
            description = "The cluster's gateway (login node), reached by ssh. (*)")
    String cluster;

    @Option(names = {"-i", "--identity"}, paramLabel = "KEY",
            description = "Private key file. Default: the ssh-agent's keys and ~/.ssh/id_ed25519, id_ecdsa, id_rsa; "
                    + "a passphrase is asked for at the terminal. (*)")
    Path identity;

    @Option(names = "--known-hosts", paramLabel = "FILE", defaultValue = "${sys:user.home}/.ssh/known_hosts",
            description = "The known_hosts file that must hold the gateway's host key (never accepted blindly). "
                    + "Default: ${DEFAULT-VALUE}. (*)")
    Path knownHosts;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Config file of key=value lines for the options marked (*), e.g. cluster=alice@hpc.example.org. "
                    + "Default: $JDSM_CONFIG, else ~/.jdsm/config.")
    Path config;

    @Option(names = "--remote-dir", paramLabel = "DIR", defaultValue = "~/.jdsm",
            description = "JDSM's directory on the gateway and the nodes: the runtime cache and the running jobs. "
                    + "Default: ${DEFAULT-VALUE}. (*)")
    String remoteDir;

    /** Connects to the gateway. */
    GatewaySession open() {
        return GatewaySession.open(GatewayTarget.parse(cluster), identity, knownHosts);
    }
}

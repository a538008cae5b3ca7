package org.jdsm.launch.cluster;

import java.io.IOException;
import java.util.List;
import org.jdsm.launch.NodeArgs;

/**
 * The client's first frame to the manager ({@link FrameType#HELLO}). It holds the job secret, which
 * is why it travels on the ssh channel's stdin and never on a command line.
 *
 * @param version the client's JDSM version
 * @param secret  the job secret the servers authenticate each other with
 * @param job     the node arguments of rank 0; the manager sets each server's rank
 * @param jvmArgs options for every server JVM
 * @param instrument whether server JVMs run the JDSM agent, which instruments the job as it loads
 * @param cluster where to run
 */
public record Hello(String version, byte[] secret, NodeArgs job, List<String> jvmArgs, boolean instrument,
        ClusterSpec cluster) {

    public Hello {
        jvmArgs = List.copyOf(jvmArgs);
    }

    public byte[] encode() {
        return Payload.encode(w -> w.string(version).bytes(secret).strings(job.toArgs()).strings(jvmArgs)
                .flag(instrument).strings(cluster.hosts()).flag(cluster.slurm()).string(cluster.remoteJava())
                .string(cluster.remoteDir()).string(cluster.nodeSshConfig()).string(cluster.gatewayAddress()));
    }

    /** Reads the version first, so that a mismatch is reported as such, not as a garbled frame. */
    public static Hello decode(byte[] payload) throws IOException {
        Payload.Reader r = Payload.decode(payload);
        String version = r.string();
        byte[] secret = r.bytes();
        NodeArgs job = NodeArgs.parse(r.strings().toArray(new String[0]));
        List<String> jvmArgs = r.strings();
        boolean instrument = r.flag();
        return new Hello(version, secret, job, jvmArgs, instrument,
                new ClusterSpec(r.strings(), r.flag(), r.string(), r.string(), r.string(), r.string()));
    }
}

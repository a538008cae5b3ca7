package org.jdsm.launch.cluster;

import java.io.IOException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.launch.NodeArgs;

/**
 * The manager's first frame to a server ({@link FrameType#START}): on the ssh process's stdin,
 * because it holds the job secret.
 *
 * @param version    the manager's JDSM version
 * @param secret     the job secret
 * @param rendezvous the manager's rendezvous server on the nodes' network
 * @param node       this server's node arguments
 */
public record ServerStart(String version, byte[] secret, NodeAddress rendezvous, NodeArgs node) {

    public byte[] encode() {
        return Payload.encode(w -> w.string(version).bytes(secret).string(rendezvous.toString()).strings(node.toArgs()));
    }

    public static ServerStart decode(byte[] payload) throws IOException {
        Payload.Reader r = Payload.decode(payload);
        return new ServerStart(r.string(), r.bytes(), NodeAddress.parse(r.string()),
                NodeArgs.parse(r.strings().toArray(new String[0])));
    }
}

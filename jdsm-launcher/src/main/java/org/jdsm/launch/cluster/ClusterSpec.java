package org.jdsm.launch.cluster;

import java.util.List;

/**
 * Where and how the ClusterManager starts the servers.
 *
 * @param hosts          hostfile lines, {@code host[:slots]}; empty with {@code slurm}
 * @param slurm          take the nodes from the Slurm allocation and start servers with {@code srun}
 * @param remoteJava     the {@code java} command on the gateway and the nodes
 * @param remoteDir      JDSM's directory on the gateway and nodes (runtime cache, job files); {@code ~} allowed
 * @param nodeSshConfig  an ssh config file on the gateway for the ssh to the nodes ({@code ssh -F}); empty for the default
 * @param gatewayAddress the gateway's address on the nodes' network; empty to find it from the route to the first node
 */
public record ClusterSpec(List<String> hosts, boolean slurm, String remoteJava, String remoteDir, String nodeSshConfig,
                          String gatewayAddress) {

    public ClusterSpec {
        hosts = List.copyOf(hosts);
    }
}

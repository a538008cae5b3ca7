package org.jdsm.launch.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * How the manager runs a shell command on a node: {@code ssh} from a hostfile, or {@code srun}
 * inside a Slurm allocation. The command's stdin, stdout and stderr are the process's.
 */
public interface NodeLauncher {

    /** The local command line that runs {@code command} (a shell command line) on {@code host}. */
    List<String> command(String host, String command);

    /**
     * OpenSSH without prompts ({@code BatchMode}: a missing key is an error, not a question),
     * with its own keep-alives so that a dead node is noticed even when no data flows.
     *
     * @param configFile an ssh config file ({@code -F}), or empty for the user's
     */
    static NodeLauncher ssh(String configFile) {
        return (host, command) -> {
            List<String> line = new ArrayList<>(List.of("ssh"));
            if (!configFile.isEmpty()) {
                line.addAll(List.of("-F", configFile));
            }
            line.addAll(List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=1",
                    "-o", "ServerAliveCountMax=3", "-o", "LogLevel=ERROR", "-T", host, "--", command));
            return line;
        };
    }

    /** One task on {@code host} of the current Slurm allocation, the command run by a shell there. */
    static NodeLauncher srun() {
        return (host, command) -> List.of("srun", "--nodes=1", "--ntasks=1", "--nodelist=" + host, "--quiet",
                "--kill-on-bad-exit=1", "sh", "-c", command);
    }
}

package org.jdsm.launch.submit;

import java.util.concurrent.Callable;
import org.jdsm.launch.ExitCodes;
import org.jdsm.launch.Version;
import org.jdsm.launch.cluster.JobRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code jdsm kill}: stops one of the user's jobs on the cluster. */
@Command(name = "kill", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        header = "Stop one of your jobs on the cluster: its ClusterManager stops every Server within seconds.",
        footerHeading = "%nExample:%n", footer = "  jdsm kill --cluster alice@hpc.example.org job-20250101-120000-a1b2c3")
public final class KillCommand implements Callable<Integer> {

    @Mixin
    private GatewayOptions gateway;

    @Parameters(index = "0", paramLabel = "JOB-ID", description = "The job, as jdsm status shows it.")
    private String jobId;

    @Override
    public Integer call() {
        try (GatewaySession session = gateway.open()) {
            GatewaySession.Result result = session.run(JobRegistry.killCommand(gateway.remoteDir, jobId));
            if (result.code() != 0) {
                System.err.println("jdsm kill: " + result.stderr().strip());
                return ExitCodes.FAILED;
            }
            System.err.println("jdsm: " + result.stdout().strip() + " (the manager of " + jobId + ")");
            return ExitCodes.OK;
        }
    }
}

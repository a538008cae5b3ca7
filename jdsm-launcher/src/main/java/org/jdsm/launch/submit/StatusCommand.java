package org.jdsm.launch.submit;

import java.util.concurrent.Callable;
import org.jdsm.launch.ExitCodes;
import org.jdsm.launch.LaunchException;
import org.jdsm.launch.Version;
import org.jdsm.launch.cluster.JobRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code jdsm status}: the user's running jobs on the gateway. */
@Command(name = "status", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        header = "List your running jobs on the cluster's gateway.",
        footerHeading = "%nExample:%n", footer = "  jdsm status --cluster alice@hpc.example.org")
public final class StatusCommand implements Callable<Integer> {

    @Mixin
    private GatewayOptions gateway;

    @Override
    public Integer call() {
        try (GatewaySession session = gateway.open()) {
            GatewaySession.Result jobs = session.run(JobRegistry.listCommand(gateway.remoteDir));
            if (jobs.code() != 0) {
                throw new LaunchException("cannot list the jobs on " + session.target() + ": " + jobs.stderr().strip());
            }
            System.out.print(jobs.stdout().isBlank() ? "no running jobs on " + session.target() + "\n" : jobs.stdout());
            return ExitCodes.OK;
        }
    }
}

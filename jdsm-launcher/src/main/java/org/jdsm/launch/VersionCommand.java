package org.jdsm.launch;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jdsm version}: the JDSM and Java versions, and the comm modules and protocols available. */
@Command(name = "version", mixinStandardHelpOptions = true, versionProvider = Version.class, header = "Print the JDSM and Java versions and the available comm modules and protocols.")
final class VersionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        Version.lines().forEach(spec.commandLine().getOut()::println);
        return ExitCodes.OK;
    }
}

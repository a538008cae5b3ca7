package org.jdsm.launch;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code jdsm} command line: {@code run}, {@code version} and {@code help}. */
@Command(name = "jdsm", mixinStandardHelpOptions = true, versionProvider = Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "JDSM: distributed shared memory for SPMD Java programs.",
        descriptionHeading = "%n",
        description = {
            "A job is a class that extends org.jdsm.Spmd: it registers shared objects in init() and does "
                + "its parallel work in start(), which runs on many threads in many JVMs. jdsm starts "
                + "those JVMs and streams their output back, each line prefixed with its rank."},
        commandListHeading = "%nCommands:%n",
        subcommands = {RunCommand.class, VersionCommand.class, HelpCommand.class},
        footerHeading = "%nExamples:%n",
        footer = {
            "  jdsm run -n 4 -t 2 samples/target/jdsm-samples.jar org.jdsm.samples.VecMul",
            "  jdsm run --help       all the options of run",
            "  jdsm version          versions, comm modules and protocols"})
public final class JdsmCli implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command (run, version or help)");
    }

    /** Runs the command in {@code args} and exits with its code ({@link ExitCodes}). */
    public static void main(String[] args) {
        JvmExit.exit(commandLine().execute(args));
    }

    /** The configured command line, also for tests that run commands in-process. */
    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new JdsmCli());
        // Everything after CLASS belongs to the job, even words that look like jdsm options.
        cli.getSubcommands().get("run").setStopAtPositional(true);
        cli.setParameterExceptionHandler(JdsmCli::badCommandLine);
        cli.setExecutionExceptionHandler((e, command, parseResult) -> {
            if (e instanceof LaunchException) {
                command.getErr().println(commandName(command) + ": " + e.getMessage());
                return ExitCodes.USAGE;
            }
            throw e;
        });
        return cli;
    }

    /** One line saying what is wrong and where help is, instead of the whole usage text. */
    private static int badCommandLine(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(commandName(command) + ": " + e.getMessage());
        err.println("Try '" + commandName(command) + " --help' for more information.");
        return ExitCodes.USAGE;
    }

    private static String commandName(CommandLine command) {
        return command.getCommandSpec().qualifiedName();
    }
}

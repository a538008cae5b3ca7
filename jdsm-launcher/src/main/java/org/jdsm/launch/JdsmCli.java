package org.jdsm.launch;

import java.io.PrintWriter;
import org.jdsm.launch.submit.ConfigDefaults;
import org.jdsm.launch.submit.KillCommand;
import org.jdsm.launch.submit.StatusCommand;
import org.jdsm.launch.submit.SubmitCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/** The {@code jdsm} command line: {@code run}, {@code submit}, {@code status}, {@code kill}, {@code version} and {@code help}. */
@Command(name = "jdsm", mixinStandardHelpOptions = true, versionProvider = Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "JDSM: distributed shared memory for SPMD Java programs.",
        descriptionHeading = "%n",
        description = {
            "A job is a class that extends org.jdsm.Spmd: it registers shared objects in init() and does "
                + "its parallel work in start(), which runs on many threads in many JVMs. jdsm starts "
                + "those JVMs, on this machine (run) or on a cluster behind an ssh gateway (submit), and streams "
                + "their output back, each line prefixed with its rank."},
        commandListHeading = "%nCommands:%n",
        subcommands = {RunCommand.class, SubmitCommand.class, StatusCommand.class, KillCommand.class,
            InstrumentCommand.class, VersionCommand.class, HelpCommand.class},
        footerHeading = "%nExamples:%n",
        footer = {
            "  jdsm run -n 4 -t 2 samples/target/jdsm-samples.jar org.jdsm.samples.VecMul",
            "  jdsm submit --cluster alice@hpc.example.org --hosts nodes.txt -n 3 -t 4 \\",
            "      samples/target/jdsm-samples.jar org.jdsm.samples.VecMul",
            "  jdsm run --help       all the options of run (likewise submit, status, kill)",
            "  jdsm version          versions, comm modules and protocols"})
public final class JdsmCli implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command (run, submit, status, kill, version or help)");
    }

    /** Runs the command in {@code args} and exits with its code ({@link ExitCodes}). */
    public static void main(String[] args) {
        ConfigDefaults defaults;
        try {
            defaults = ConfigDefaults.load(args, System.getenv());
        } catch (LaunchException e) {
            System.err.println("jdsm: " + e.getMessage());
            JvmExit.exit(ExitCodes.USAGE);
            return;
        }
        JvmExit.exit(commandLine(defaults).execute(args));
    }

    /** The command line without config file or environment defaults, for tests that run commands in-process. */
    static CommandLine commandLine() {
        return commandLine(ConfigDefaults.none());
    }

    private static CommandLine commandLine(ConfigDefaults defaults) {
        CommandLine cli = new CommandLine(new JdsmCli());
        // Everything after CLASS belongs to the job, even words that look like jdsm options.
        cli.getSubcommands().get("run").setStopAtPositional(true);
        cli.getSubcommands().get("submit").setStopAtPositional(true);
        for (String command : new String[] {"submit", "status", "kill"}) {
            cli.getSubcommands().get(command).setDefaultValueProvider(defaults);
        }
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
        err.println(commandName(command) + ": " + message(e, command));
        if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            // A misspelt option or command: name the nearest ones (--protocl: "did you mean --protocol?").
            err.println("Did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?");
        }
        err.println("Try '" + commandName(command) + " --help' for more information.");
        return ExitCodes.USAGE;
    }

    /**
     * Picocli's message, except for a word where a command belongs ({@code jdsm runn ...}), which it
     * reports as "Unmatched arguments from index 0: 'runn', '-n', ..." with the whole command line.
     */
    private static String message(ParameterException e, CommandLine command) {
        if (e instanceof UnmatchedArgumentException unmatched && !command.getSubcommands().isEmpty()
                && !unmatched.isUnknownOption() && !unmatched.getUnmatched().isEmpty()) {
            return "unknown command '" + unmatched.getUnmatched().get(0) + "' (commands: "
                    + String.join(", ", command.getSubcommands().keySet()) + ")";
        }
        return e.getMessage();
    }

    private static String commandName(CommandLine command) {
        return command.getCommandSpec().qualifiedName();
    }
}

package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.jdsm.samples.VecMul;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/** The command line in-process: parsing, help and errors that need no node JVM. */
class JdsmCliTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine cli = JdsmCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void runHelpTeachesWithExamples() {
        assertEquals(0, execute("run", "--help"));
        assertTrue(out.toString().contains("Examples:"), out.toString());
        assertTrue(out.toString().contains("jdsm run -n 4 -t 2 samples/target/jdsm-samples.jar org.jdsm.samples.VecMul"));
    }

    /** Picocli wraps a footer line longer than the help's width anywhere, even inside a class name. */
    @ParameterizedTest
    @ValueSource(strings = {"", "run", "submit", "instrument", "status", "kill"})
    void everyExampleLineFitsEightyColumnsUnbroken(String command) {
        CommandLine cli = command.isEmpty() ? JdsmCli.commandLine() : JdsmCli.commandLine().getSubcommands().get(command);
        cli.setUsageHelpAutoWidth(false);
        cli.setUsageHelpWidth(80);
        List<String> help = cli.getUsageMessage().lines().toList();
        for (String line : cli.getCommandSpec().usageMessage().footer()) {
            assertTrue(help.contains(line), "wrapped at 80 columns: '" + line + "'\n" + String.join("\n", help));
        }
    }

    @Test
    void badNodeCountIsOneLineAndAPointerToHelp() {
        assertEquals(ExitCodes.USAGE, execute("run", "-n", "0", "job.jar", "Job"));
        assertEquals("jdsm run: --nodes must be at least 1, got 0\nTry 'jdsm run --help' for more information.\n",
                err.toString());
    }

    @Test
    void badThreadCountIsRefused() {
        assertEquals(ExitCodes.USAGE, execute("run", "-n", "2", "-t", "-1", "job.jar", "Job"));
        assertTrue(err.toString().startsWith("jdsm run: --threads must be at least 1, got -1"), err.toString());
    }

    @Test
    void notANumberIsRefused() {
        assertEquals(ExitCodes.USAGE, execute("run", "-n", "four", "job.jar", "Job"));
        assertTrue(err.toString().startsWith("jdsm run: Invalid value for option '--nodes': 'four' is not an int"), err.toString());
    }

    @Test
    void missingJarIsNamed() {
        assertEquals(ExitCodes.USAGE, execute("run", "-n", "2", "no-such.jar", "Job"));
        assertEquals("jdsm run: job jar or class directory not found: no-such.jar\n", err.toString());
    }

    @Test
    void instrumentGivenAClassDirectorySaysItTakesAJarAndHowToMakeOne(@TempDir Path classes) {
        assertEquals(ExitCodes.USAGE, execute("instrument", classes.toString(), classes.resolve("out.jar").toString()));
        assertEquals("jdsm instrument: " + classes + " is a class directory, but this command takes the job as a jar:"
                + " jar cf job.jar -C " + classes + " .\n", err.toString());
    }

    /** A library its manifest names was left as it was: run from the result, its writes to shared arrays were lost. */
    @Test
    void instrumentRefusesAJobWhoseManifestNamesAnUninstrumentedLibrary(@TempDir Path dir) throws Exception {
        Path library = dir.resolve("lib.jar");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(library));
                InputStream vecMul = VecMul.class.getResourceAsStream("VecMul.class")) {
            jar.putNextEntry(new JarEntry("org/jdsm/samples/VecMul.class"));
            vecMul.transferTo(jar);
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, "lib.jar");
        Path job = dir.resolve("job.jar");
        new JarOutputStream(Files.newOutputStream(job), manifest).close();
        Path out = dir.resolve("out.jar");

        assertEquals(ExitCodes.FAILED, execute("instrument", job.toString(), out.toString()));
        assertTrue(err.toString().startsWith("jdsm instrument: the manifest Class-Path of " + job + " names " + library
                + ", whose classes (org.jdsm.samples.VecMul) are not instrumented"), err.toString());
        assertTrue(err.toString().contains("jdsm instrument " + library + " " + library), err.toString());
        assertFalse(Files.exists(out));

        assertEquals(0, execute("instrument", library.toString(), library.toString()));
        assertEquals(0, execute("instrument", job.toString(), out.toString()), err.toString());
    }

    @Test
    void instrumentNamesAMissingJar() {
        assertEquals(ExitCodes.USAGE, execute("instrument", "no-such.jar", "out.jar"));
        assertEquals("jdsm instrument: job jar or class directory not found: no-such.jar\n", err.toString());
    }

    @Test
    void unknownProtocolListsTheKnownOnes() {
        assertEquals(ExitCodes.USAGE, execute("run", "-n", "2", "--protocol", "tso", "job.jar", "Job"));
        assertTrue(err.toString().startsWith("jdsm run: no consistency protocol named 'tso' (--protocol); available: "),
                err.toString());
    }

    @Test
    void everythingAfterTheClassBelongsToTheJob() {
        ParseResult parsed = JdsmCli.commandLine().parseArgs("run", "-n", "2", "--jvm-arg", "-Xmx1g", "job.jar", "Job",
                "-n", "5", "--stats");
        ParseResult run = parsed.subcommand();
        assertEquals(List.of("-Xmx1g"), run.matchedOptionValue("--jvm-arg", List.of()));
        assertEquals(List.of("-n", "5", "--stats"), run.matchedPositional(2).getValue());
        assertTrue(!run.hasMatchedOption("--stats"));
    }

    @Test
    void submitHelpTeachesWithExamples() {
        assertEquals(0, execute("submit", "--help"));
        assertTrue(out.toString().contains("jdsm submit --cluster alice@hpc.example.org --hosts nodes.txt -n 3 -t 4"),
                out.toString());
        assertTrue(out.toString().contains("--known-hosts"), out.toString());
    }

    @Test
    void submitNeedsHostsOrSlurmBeforeConnecting() {
        assertEquals(ExitCodes.USAGE, execute("submit", "--cluster", "a@b", "-n", "2", "job.jar", "Job"));
        assertTrue(err.toString().startsWith("jdsm submit: give either --hosts FILE or --slurm"), err.toString());
    }

    /** A hostfile that is not there was named twice: "cannot read the hostfile F: F". */
    @Test
    void submitNamesAHostfileThatIsNotThere(@TempDir Path dir) {
        Path missing = dir.resolve("nodes.txt");
        assertEquals(ExitCodes.USAGE, execute("submit", "--cluster", "a@b", "--hosts", missing.toString(), "-n", "2",
                "job.jar", "Job"));
        assertTrue(err.toString().startsWith("jdsm submit: cannot read the hostfile " + missing + " (--hosts): no such file\n"),
                err.toString());
    }

    @Test
    void submitLeavesEverythingAfterTheClassToTheJob() {
        ParseResult run = JdsmCli.commandLine().parseArgs("submit", "--slurm", "-n", "2", "job.jar", "Job", "--slurm", "-n")
                .subcommand();
        assertEquals(List.of("--slurm", "-n"), run.matchedPositional(2).getValue());
    }

    @Test
    void misspeltOptionNamesTheNearestOne() {
        assertEquals(ExitCodes.USAGE, execute("run", "-n", "2", "--protocl", "sc", "job.jar", "Job"));
        assertEquals("jdsm run: Unknown option: '--protocl'\nDid you mean --protocol?\n"
                + "Try 'jdsm run --help' for more information.\n", err.toString());
    }

    @Test
    void misspeltCommandIsNamedWithTheCommands() {
        assertEquals(ExitCodes.USAGE, execute("runn", "-n", "2", "job.jar", "Job"));
        assertTrue(err.toString().startsWith("jdsm: unknown command 'runn' (commands: run, submit, status, kill, "),
                err.toString());
        assertTrue(err.toString().contains("\nDid you mean run"), err.toString());
    }

    @Test
    void noCommandIsAUsageError() {
        assertEquals(ExitCodes.USAGE, execute());
        assertTrue(err.toString().startsWith("jdsm: missing command"), err.toString());
    }

    @Test
    void versionSaysWhichJdsm() {
        assertEquals(0, execute("version"));
        assertTrue(out.toString().startsWith("jdsm " + Version.jdsm() + "\n"), out.toString());
        assertTrue(!Version.jdsm().equals("unknown"));
    }
}

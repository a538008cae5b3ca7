package org.jdsm.launch;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.jar.JarFile;
import org.jdsm.instrument.Agent;
import org.jdsm.instrument.OfflineInstrumenter;
import org.jdsm.instrument.RewriteException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jdsm instrument IN.jar OUT.jar}: instruments a job jar once, ahead of time, so that plain
 * code gets the checks {@code jdsm run --instrument} would add at load time. Also says where the
 * {@code -javaagent} jar is for {@code --instrument}.
 */
@Command(name = "instrument", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Instrument a job jar for plain-code DSM access.",
        descriptionHeading = "%n",
        description = {
            "Rewrites the job's classes so that plain code -- a[i] = b[i] * c[i], shared.count++, "
                + "synchronized (shared) { ... } -- needs no update, acquire or release calls: array element and "
                + "field accesses on shared objects are checked, and synchronized on a shared object takes its JDSM "
                + "lock. The result behaves as the explicit-API program under every protocol.",
            "",
            "Classes of the JDK, Javassist and JDSM (except org.jdsm.samples) are copied unchanged; a class that "
                + "cannot be rewritten stops the command with its name and method. Run the result with plain "
                + "'jdsm run' (no --instrument needed). From a Maven build: java -jar jdsm-instrument.jar IN OUT "
                + "through exec-maven-plugin does the same."},
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "1:a class cannot be instrumented or a file cannot be read or written",
            "2:bad command line"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  jdsm instrument job.jar job-instrumented.jar",
            "  jdsm run -n 4 -t 2 job-instrumented.jar com.example.MyJob",
            "  The same, instrumenting as classes load:",
            "    jdsm run -n 4 -t 2 --instrument job.jar com.example.MyJob"})
public final class InstrumentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--classpath", paramLabel = "PATH", split = "${sys:path.separator}",
            description = "Jars or directories with classes the job's classes refer to (its libraries), "
                    + "separated by '${sys:path.separator}'.")
    private List<Path> classPath = new ArrayList<>();

    @Parameters(index = "0", paramLabel = "IN", description = "The job's jar (of a class directory DIR: jar cf IN -C DIR .).")
    private Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "The instrumented jar to write (may be IN).")
    private Path out;

    @Override
    public Integer call() {
        JobClassPath job = JobClassPath.of(in).requireJar();
        try {
            String library = uninstrumentedLibrary(job);
            if (library != null) {
                spec.commandLine().getErr().println("jdsm instrument: " + library);
                return ExitCodes.FAILED;
            }
            OfflineInstrumenter.Result r = OfflineInstrumenter.instrument(in, out, classPath);
            spec.commandLine().getOut().println("jdsm instrument: " + r.rewritten() + " classes instrumented, "
                    + r.alreadyInstrumented() + " already instrumented, " + r.copied() + " other entries copied into " + out);
            return ExitCodes.OK;
        } catch (RewriteException | IOException e) {
            spec.commandLine().getErr().println("jdsm instrument: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    /**
     * Why the job's libraries stop the command, or null: a jar its manifest Class-Path names that
     * holds user classes not instrumented. The result would run them unchecked, with stale reads and
     * lost writes where they touch shared data, since no agent rewrites them at run time (which
     * {@code --instrument} does).
     */
    private static String uninstrumentedLibrary(JobClassPath job) throws IOException, RewriteException {
        List<Path> libraries;
        try {
            libraries = job.manifestJars();
        } catch (LaunchException e) {
            return null; // an absolute or directory entry: jdsm run takes it on this machine, unchecked here as before
        }
        for (Path library : libraries) {
            List<String> classes = OfflineInstrumenter.uninstrumentedClasses(library);
            if (!classes.isEmpty()) {
                return "the manifest Class-Path of " + job.path() + " names " + library + ", whose classes ("
                        + String.join(", ", classes.subList(0, Math.min(3, classes.size())))
                        + (classes.size() > 3 ? ", ..." : "") + ") are not instrumented: run from the result, their"
                        + " reads and writes of shared data would go unchecked. Instrument it too (jdsm instrument "
                        + library + " " + library + "), build a fat jar, or run the job jar with jdsm run --instrument,"
                        + " which instruments them as they load";
            }
        }
        return null;
    }

    /**
     * The {@code -javaagent:} option that makes node JVMs instrument the job as it loads: the jar
     * holding the agent (jdsm.jar, whose manifest names it as Premain-Class).
     */
    public static String agentOption() {
        Path jar;
        try {
            jar = Path.of(Agent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new LaunchException("--instrument: cannot locate the JDSM jar holding the agent (" + e.getMessage() + ")", e);
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            if (file.getManifest() == null || file.getManifest().getMainAttributes().getValue("Premain-Class") == null) {
                throw new LaunchException("--instrument: " + jar + " has no Premain-Class; run jdsm from its packaged jdsm.jar");
            }
        } catch (IOException e) {
            throw new LaunchException("--instrument needs JDSM's packaged jar (bin/jdsm runs it), but the agent comes from "
                    + jar, e);
        }
        return "-javaagent:" + jar;
    }
}

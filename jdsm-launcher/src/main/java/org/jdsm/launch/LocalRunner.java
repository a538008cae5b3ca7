package org.jdsm.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.util.List;
import org.jdsm.DsmException;
import org.jdsm.comm.CommException;
import org.jdsm.comm.Comms;
import org.jdsm.runtime.InJvmJob;
import org.jdsm.runtime.Pools;

/**
 * Runs a job on this machine. With a network comm module ({@code netty}, the default) every node
 * is a JVM of its own ({@link ProcessJob}) and each output line carries its rank. With
 * {@code local} every node runs inside this JVM over LocalComm: quick to start, but the nodes share
 * one stdout, so lines are not prefixed with a rank.
 */
public final class LocalRunner {

    /** The comm module that keeps every node inside one JVM. */
    public static final String IN_JVM_COMM = "local";

    private final PrintStream out;
    private final PrintStream err;

    /** A runner that writes the job's output to {@code out} and {@code err}. */
    public LocalRunner(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs {@code spec} to the end and returns its exit code ({@link ExitCodes}).
     *
     * @throws LaunchException if the job cannot be started (bad protocol, comm, jar or class);
     *                         nothing has been started then
     */
    public int run(JobSpec spec) throws InterruptedException {
        return run(spec, null);
    }

    /**
     * Like {@link #run(JobSpec)}, first writing {@code note} (if not null) to {@code err} once the
     * protocol, comm module, jar and class have been checked, just before the job starts: a note about
     * the comm module chosen does not precede an error in the command line.
     */
    public int run(JobSpec spec, String note) throws InterruptedException {
        requireKnown("consistency protocol", "--protocol", spec.protocol(), Pools.available());
        requireKnown("comm module", "--comm", spec.comm(), Comms.available());
        String unavailable = Comms.unavailableReason(spec.comm());
        if (unavailable != null) {
            throw new LaunchException(unavailable); // once here, rather than from every node JVM
        }
        JobClassPath classPath = JobClassPath.of(spec.jobPath());
        classPath.checkJobClass(spec.jobClass(), jdsmLoader());
        if (!IN_JVM_COMM.equals(spec.comm())) {
            List<NodeJava> javas = spec.nodeJavas().isEmpty() ? List.of(NodeJava.current())
                    : spec.nodeJavas().stream().map(NodeJava::of).toList();
            printNote(note);
            return new ProcessJob(spec, javas, classPath, out, err).run();
        }
        if (!spec.jvmArgs().isEmpty()) {
            throw new LaunchException("--jvm-arg applies to node JVMs, but with --comm " + IN_JVM_COMM
                    + " every node runs inside the jdsm JVM (give it options through JDSM_JAVA_OPTS)");
        }
        if (!spec.nodeJavas().isEmpty()) {
            throw new LaunchException("--node-java applies to node JVMs, but with --comm " + IN_JVM_COMM
                    + " every node runs inside the jdsm JVM (pick its java with JAVA_HOME)");
        }
        printNote(note);
        return runInJvm(spec, classPath);
    }

    private int runInJvm(JobSpec spec, JobClassPath classPath) {
        try (URLClassLoader loader = classPath.loader(jdsmLoader()); InJvmExitReport exits = new InJvmExitReport(err)) {
            InJvmJob.of(spec.jobClass(), loader).nodes(spec.nodes()).threadsPerNode(spec.threadsPerNode())
                    .protocol(spec.protocol()).comm(IN_JVM_COMM).stats(spec.stats()).args(spec.args()).run();
            return ExitCodes.OK;
        } catch (DsmException | CommException e) {
            err.println("jdsm: job failed: " + e.getMessage());
            return ExitCodes.FAILED;
        } catch (IOException e) {
            throw new UncheckedIOException("closing the job's class loader", e);
        }
    }

    private void printNote(String note) {
        if (note != null) {
            err.println(note);
        }
    }

    private static void requireKnown(String what, String option, String name, List<String> available) {
        if (!available.contains(name)) {
            throw new LaunchException("no " + what + " named '" + name + "' (" + option + "); available: "
                    + (available.isEmpty() ? "none on the class path" : String.join(", ", available)));
        }
    }

    private static ClassLoader jdsmLoader() {
        return LocalRunner.class.getClassLoader();
    }
}

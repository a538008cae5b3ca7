package org.jdsm.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jdsm.comm.Comms;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdsm run}: runs a job on this machine. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false, usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Run an SPMD job on this machine.",
        descriptionHeading = "%n",
        description = {
            "Starts NODES node JVMs on this machine (no ssh, no set-up). Each runs init() once, then start() "
                + "on THREADS threads, then fin(); the shared objects registered in init() behave as one "
                + "memory shared by all NODES x THREADS threads.",
            "",
            "JOB is the job's jar or class directory, CLASS the fully qualified name of its org.jdsm.Spmd "
                + "subclass, and ARGS what Spmd.args() returns. Options go before JOB: everything after "
                + "CLASS belongs to the job.",
            "",
            "Every line a node prints comes out prefixed with its rank, e.g. \"[2] \". The job succeeds "
                + "only if every node finishes it; when a node fails or its JVM ends early (System.exit in the "
                + "job, even with code 0, or a signal), the others are stopped within seconds and the last "
                + "line names that rank and the cause. Ctrl-C stops every node."},
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every node finished", "1:the job failed (the last line names the rank and its own exit code or signal)",
            "2:bad command line, jar or class: nothing was started; or the node JVMs could not start (check --jvm-arg)", "130:interrupted (Ctrl-C)",
            "143:terminated (SIGTERM): the nodes are stopped as for Ctrl-C"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  Multiply vectors on 4 nodes of 2 threads each:",
            "    jdsm run -n 4 -t 2 samples/target/jdsm-samples.jar org.jdsm.samples.VecMul",
            "  The same with sequential consistency, statistics and 10 million elements:",
            "    jdsm run -n 4 -t 2 --protocol sc --stats \\",
            "        samples/target/jdsm-samples.jar org.jdsm.samples.VecMul 10000000",
            "  Over UCX shared memory (UCX_TLS=tcp: its TCP; unset: UCX picks the fastest):",
            "    UCX_TLS=sm jdsm run -n 4 --comm ucx job.jar com.example.MyJob",
            "  Every node inside this JVM, straight from a class directory:",
            "    jdsm run -n 2 -t 1 --comm local target/classes com.example.MyJob",
            "  Odd ranks on another JDK than even ones (mixed versions in one job):",
            "    jdsm run -n 4 --node-java /usr/lib/jvm/java-17-openjdk-amd64 \\",
            "        --node-java /usr/lib/jvm/temurin-25-jdk-amd64 job.jar com.example.MyJob",
            "  Bigger heaps for the node JVMs:",
            "    jdsm run -n 2 --jvm-arg=-Xmx4g job.jar com.example.MyJob input.dat"})
final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-n", "--nodes"}, required = true, paramLabel = "NODES",
            description = "Number of nodes (node JVMs), at least 1.")
    private int nodes;

    @Option(names = {"-t", "--threads"}, paramLabel = "THREADS",
            description = "Threads running start() on each node. Default: this machine's processors divided among the nodes, at least 1.")
    private Integer threads;

    @Option(names = "--protocol", paramLabel = "NAME", defaultValue = "lrc",
            description = "Consistency protocol: lrc (home-based lazy release consistency) or sc (sequential consistency). Default: ${DEFAULT-VALUE}.")
    private String protocol;

    @Option(names = "--comm", paramLabel = "NAME",
            description = "Comm module: netty (TCP between node JVMs), ucx (UCX between node JVMs: shared memory, "
                    + "InfiniBand/RoCE or TCP, as the environment variable UCX_TLS allows; needs libucx, see "
                    + "jdsm-comm/UCX.md) or local (every node inside this JVM, output not prefixed). Default: ucx over shared memory where UCX "
                    + "can run here (faster between node JVMs on one machine), whatever UCX_TLS the environment sets "
                    + "(--comm ucx honours it), else netty, saying so in one line.")
    private String comm;

    @Option(names = "--stats", description = "Print each node's DSM statistics as a table (and JSON) at the end.")
    private boolean stats;

    @Option(names = "--instrument",
            description = "Instrument the job's classes as they load, so plain code (no update/acquire/release) "
                    + "is checked and synchronized on shared objects takes JDSM locks. Or instrument once: jdsm instrument.")
    private boolean instrument;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "An option for every node JVM, e.g. --jvm-arg=-Xmx4g; repeat for more. It comes after "
                    + "JDSM's own: 2 or more nodes whose threads fill the cores get -XX:CompileThresholdScaling="
                    + NodeJvm.COMPILE_THRESHOLD_SCALING + " (see the README).")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--node-java", paramLabel = "JAVA",
            description = "The java executable (or JDK directory) for the node JVMs, Java 17 or newer. Default: the "
                    + "one running jdsm. Repeat it to mix Java versions or vendors in one job: rank r runs the "
                    + "(r mod count)-th, e.g. --node-java /usr/lib/jvm/java-17-openjdk-amd64 --node-java /opt/jdk-25.")
    private List<String> nodeJavas = new ArrayList<>();

    @Parameters(index = "0", paramLabel = "JOB", description = "The job's jar file or class directory.")
    private Path job;

    @Parameters(index = "1", paramLabel = "CLASS", description = "The job's org.jdsm.Spmd subclass, e.g. org.jdsm.samples.VecMul.")
    private String jobClass;

    @Parameters(index = "2..*", paramLabel = "ARGS", description = "The job's arguments.")
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        if (nodes < 1) {
            throw new ParameterException(spec.commandLine(), "--nodes must be at least 1, got " + nodes);
        }
        if (threads != null && threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + threads);
        }
        int threadsPerNode = threads != null ? threads : Math.max(1, Runtime.getRuntime().availableProcessors() / nodes);
        String note = null;
        if (comm == null) {
            DefaultComm choice = DefaultComm.choose(Comms.unavailableReason(DefaultComm.UCX));
            note = choice.note(); // said once the command line is known to be good, not before its errors
            comm = choice.comm();
            jvmArgs.addAll(0, choice.jvmArgs());
        }
        if (instrument) {
            if (LocalRunner.IN_JVM_COMM.equals(comm)) {
                throw new ParameterException(spec.commandLine(), "--instrument needs node JVMs; with --comm "
                        + LocalRunner.IN_JVM_COMM + " instrument the jar first: jdsm instrument JOB.jar OUT.jar");
            }
            jvmArgs.add(0, InstrumentCommand.agentOption());
        }
        JobSpec job = new JobSpec(this.job, jobClass, args, nodes, threadsPerNode, protocol, comm, stats, jvmArgs,
                nodeJavas);
        return new LocalRunner(System.out, System.err).run(job, note);
    }
}

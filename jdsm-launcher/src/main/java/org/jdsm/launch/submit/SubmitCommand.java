package org.jdsm.launch.submit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import org.jdsm.comm.Comms;
import org.jdsm.launch.InstrumentCommand;
import org.jdsm.launch.JobClassPath;
import org.jdsm.launch.LaunchException;
import org.jdsm.launch.LocalRunner;
import org.jdsm.launch.NodeArgs;
import org.jdsm.launch.NodeEnv;
import org.jdsm.launch.Version;
import org.jdsm.launch.cluster.ClusterManager;
import org.jdsm.launch.cluster.ClusterSpec;
import org.jdsm.launch.cluster.Hello;
import org.jdsm.launch.cluster.JobJars;
import org.jdsm.launch.cluster.Placement;
import org.jdsm.runtime.LocalClientFiles;
import org.jdsm.runtime.Pools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdsm submit}: runs a job on a cluster behind an ssh gateway. */
@Command(name = "submit", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Run an SPMD job on a cluster, through its ssh gateway.",
        descriptionHeading = "%n",
        description = {
            "Opens one ssh connection to the gateway, copies the JDSM runtime there if that version is missing, and "
                + "starts a ClusterManager on it. The manager starts a Server for each of the NODES ranks on the hosts "
                + "of --hosts (by ssh from the gateway, which must be able to log in to them without a password) or of "
                + "the Slurm allocation (--slurm); the job jar crosses your connection once, with the jars its "
                + "manifest Class-Path names (relative to the jar).",
            "",
            "Every rank's output comes back prefixed with its rank; your stdin goes to rank 0. The job can read and "
                + "write files on this machine with Spmd.readClientFile and writeClientFile: relative paths resolve "
                + "against the directory you submit from, and other paths are refused unless --allow-any-path.",
            "",
            "A failed rank, a dead node or connection, or Ctrl-C stops every process of the job on every host within "
                + "seconds; the last line names the rank, the host and the cause.",
            "",
            "Options marked (*) can also come from the environment (JDSM_CLUSTER, JDSM_IDENTITY, JDSM_HOSTS, ...: "
                + "JDSM_ and the option's name) or the config file (cluster=..., identity=..., hosts=...)."},
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every rank finished", "1:the job failed (see the last line)",
            "2:bad command line, jar or class, or the gateway refused us: nothing was started",
            "130:interrupted (Ctrl-C)"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  Three ranks of four threads on the hosts of nodes.txt ('host[:slots]' lines):",
            "    jdsm submit --cluster alice@hpc.example.org --hosts nodes.txt -n 3 -t 4 \\",
            "        samples/target/jdsm-samples.jar org.jdsm.samples.VecMul",
            "  With a key of its own, and the gateway on port 2222:",
            "    jdsm submit --cluster alice@hpc.example.org:2222 -i ~/.ssh/hpc_ed25519 \\",
            "        --hosts nodes.txt -n 2 job.jar com.example.Job",
            "  Inside a Slurm allocation made on the gateway:",
            "    jdsm submit --cluster alice@hpc.example.org --slurm -n 8 -t 16 \\",
            "        job.jar com.example.Job input.dat",
            "  Once in ~/.jdsm/config (cluster=alice@hpc.example.org, hosts=~/nodes.txt):",
            "    jdsm submit -n 3 job.jar com.example.Job",
            "  Over InfiniBand/RoCE via UCX, with a shim rebuilt there (jdsm-comm/UCX.md):",
            "    jdsm submit -n 8 -t 16 --comm ucx \\",
            "        --jvm-arg=-Djdsm.ucx.library=/home/alice/libjdsmucx.so \\",
            "        --jvm-arg=-Djdsm.ucx.config.TLS=rc,sm,self job.jar com.example.Job",
            "  See and stop your jobs on the gateway:",
            "    jdsm status; jdsm kill JOB-ID"})
public final class SubmitCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private GatewayOptions gateway;

    @Option(names = "--hosts", paramLabel = "FILE",
            description = "Hostfile on this machine: one 'host' or 'host:slots' per line (# comments); ranks fill "
                    + "the hosts in order, up to their slots (default 1). (*)")
    private Path hosts;

    @Option(names = "--slurm", description = "Run inside a new Slurm allocation of NODES nodes on the gateway "
            + "(salloc), one rank per node, servers started with srun.")
    private boolean slurm;

    @Option(names = {"-n", "--nodes"}, required = true, paramLabel = "NODES", description = "Number of ranks (Servers).")
    private int nodes;

    @Option(names = {"-t", "--threads"}, paramLabel = "THREADS", defaultValue = "1",
            description = "Threads running start() on each rank. Default: ${DEFAULT-VALUE}.")
    private int threads;

    @Option(names = "--protocol", paramLabel = "NAME", defaultValue = "lrc",
            description = "Consistency protocol: lrc or sc. Default: ${DEFAULT-VALUE}.")
    private String protocol;

    @Option(names = "--comm", paramLabel = "NAME", defaultValue = "netty",
            description = "Comm module between the ranks: netty (TCP) or ucx (UCX: InfiniBand/RoCE, shared memory or "
                    + "TCP, as -Djdsm.ucx.config.TLS in --jvm-arg or UCX_TLS on the nodes allows; every node needs "
                    + "libucp and the JDSM shim, -Djdsm.ucx.library=PATH for one rebuilt there, see jdsm-comm/UCX.md). "
                    + "Default: ${DEFAULT-VALUE}.")
    private String comm;

    @Option(names = "--stats", description = "Print the DSM statistics table at the end.")
    private boolean stats;

    @Option(names = "--instrument",
            description = "Instrument the job's classes as they load on every rank, so plain code (no update/acquire/"
                    + "release) is checked and synchronized on shared objects takes JDSM locks. Or instrument once: "
                    + "jdsm instrument.")
    private boolean instrument;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "An option for every Server JVM, e.g. --jvm-arg=-Xmx8g.")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--allow-any-path", description = "Let the job read and write any file of yours, not only "
            + "those under the directory you submit from.")
    private boolean allowAnyPath;

    @Option(names = "--remote-java", paramLabel = "CMD", defaultValue = "java",
            description = "The java (17 or newer) on the gateway and the nodes. Default: ${DEFAULT-VALUE}. (*)")
    private String remoteJava;

    @Option(names = "--node-ssh-config", paramLabel = "FILE", defaultValue = "",
            description = "An ssh config file on the gateway for its ssh to the nodes (ssh -F). (*)")
    private String nodeSshConfig;

    @Option(names = "--gateway-address", paramLabel = "ADDR", defaultValue = "",
            description = "The gateway's address on the nodes' network. Default: found from its route to the first node. (*)")
    private String gatewayAddress;

    @Parameters(index = "0", paramLabel = "JOB", description = "The job's jar file; the jars its manifest Class-Path names go along.")
    private Path job;

    @Parameters(index = "1", paramLabel = "CLASS", description = "The job's org.jdsm.Spmd subclass.")
    private String jobClass;

    @Parameters(index = "2..*", paramLabel = "ARGS", description = "The job's arguments.")
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() {
        List<String> hostLines = checkCommandLine();
        JobClassPath classPath = JobClassPath.of(job).requireJar();
        // Before connecting: a class that is not in the jar is a mistake found in a second.
        classPath.checkJobClass(jobClass, SubmitCommand.class.getClassLoader());
        if (instrument) {
            InstrumentCommand.agentOption(); // the runtime that goes to the cluster must hold the agent
        }
        byte[] jars = readJars(classPath);
        Hello hello = hello(hostLines, newJobId());
        // Until the job starts, Ctrl-C has nothing to stop on the cluster; say so rather than end silently.
        try (ShutdownHook setup = ShutdownHook.install("jdsm-setup-interrupt", () -> System.err.println(
                "jdsm: interrupted while connecting to the gateway or sending the runtime; no job was started"));
             GatewaySession session = gateway.open()) {
            String runtime = RuntimeUpload.ensure(session, gateway.remoteDir, System.err);
            setup.close();
            String command = ClusterManager.command(remoteJava, runtime, hello.job().jobId(), slurm ? nodes : 0);
            return new SubmitClient(session, System.out, System.err,
                    new LocalClientFiles(Path.of("").toAbsolutePath(), allowAnyPath)).run(command, hello, jars, System.in);
        }
    }

    /** What the manager on the gateway is told to run (the job jar aside). */
    Hello hello(List<String> hostLines, String jobId) {
        NodeArgs node = new NodeArgs(0, nodes, threads, protocol, comm, jobId, Path.of("job.jar"), jobClass, stats,
                -1, args);
        return new Hello(Version.jdsm(), NodeEnv.newSecret(), node, jvmArgs, instrument,
                new ClusterSpec(hostLines, slurm, remoteJava, gateway.remoteDir, nodeSshConfig, gatewayAddress));
    }

    /** Checks what needs no connection; returns the hostfile's lines (none with --slurm). */
    private List<String> checkCommandLine() {
        if (nodes < 1) {
            throw new ParameterException(spec.commandLine(), "--nodes must be at least 1, got " + nodes);
        }
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + threads);
        }
        if (!Pools.available().contains(protocol)) {
            throw new ParameterException(spec.commandLine(), "no consistency protocol named '" + protocol
                    + "'; available: " + String.join(", ", Pools.available()));
        }
        if (LocalRunner.IN_JVM_COMM.equals(comm) || !Comms.available().contains(comm)) {
            List<String> between = Comms.available().stream().filter(c -> !LocalRunner.IN_JVM_COMM.equals(c)).toList();
            throw new ParameterException(spec.commandLine(), "no comm module named '" + comm + "' between the ranks"
                    + " of a cluster (--comm); available: " + String.join(", ", between));
        }
        if (slurm == (hosts != null)) {
            throw new ParameterException(spec.commandLine(), "give either --hosts FILE or --slurm");
        }
        if (slurm) {
            return List.of();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(hosts);
        } catch (NoSuchFileException e) {
            // Its message is the path alone, which the line names already.
            throw new LaunchException("cannot read the hostfile " + hosts + " (--hosts): no such file", e);
        } catch (IOException e) {
            throw new LaunchException("cannot read the hostfile " + hosts + " (--hosts): " + e.getMessage(), e);
        }
        Placement.ranks(lines, nodes); // enough slots?
        return lines;
    }

    /** The job jar and the jars its manifest Class-Path names, which the nodes need as well. */
    private static byte[] readJars(JobClassPath classPath) {
        try {
            return JobJars.read(classPath.path(), classPath.manifestJars()).encode();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + classPath.path() + " or the jars its manifest names", e);
        }
    }

    /** Readable in {@code jdsm status}, unique enough across a user's jobs. */
    private static String newJobId() {
        byte[] random = new byte[3];
        new SecureRandom().nextBytes(random);
        return "job-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + HexFormat.of().formatHex(random);
    }
}

package org.jdsm.launch;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The command line of a node JVM on this machine: its {@link NodeJava} (by default the launcher's own),
 * the launcher's class path (the shaded jdsm.jar when run by {@code bin/jdsm}), JDSM's options for
 * that java's release (see also
 * {@link #coreSharingOptions}), then the user's JVM options (which win where they set the same
 * thing), then {@link NodeMain} and its {@link NodeArgs}.
 */
public final class NodeJvm {

    /** The first release that warns about sun.misc.Unsafe memory access unless told otherwise. */
    private static final int UNSAFE_WARNING_RELEASE = 23;
    /** A log record as one line: level, message, and the exception's stack trace if there is one. */
    static final String ONE_LINE_LOG_FORMAT = "%4$s: %5$s%6$s%n";
    /** How much later than by default a node JVM sharing the cores compiles a method (see {@link #coreSharingOptions}). */
    static final int COMPILE_THRESHOLD_SCALING = 5;

    private NodeJvm() {
    }

    static List<String> command(NodeJava java, List<String> userOptions, NodeArgs node) {
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.addAll(defaultOptions(java.feature()));
        command.addAll(coreSharingOptions(node.nodes(), node.threadsPerNode()));
        command.addAll(userOptions);
        command.add("-cp");
        command.add(classPath());
        command.add(NodeMain.class.getName());
        command.addAll(node.toArgs());
        return command;
    }

    /**
     * Options for a node JVM that every Java from 17 on accepts, also for a remote node whose Java
     * release is unknown: UTF-8 output, one-line log records, and native access for Netty's epoll
     * transport.
     */
    public static List<String> portableOptions() {
        return List.of(
                // java.util.logging's default takes two lines per record (time and method, then the
                // message); each line gets the rank in front, so one event is one line: "WARNING: ...".
                "-Djava.util.logging.SimpleFormatter.format=" + ONE_LINE_LOG_FORMAT,
                // Output in UTF-8, which the launcher decodes (JDK 17 and 18+ spell it differently).
                "-Dsun.stdout.encoding=UTF-8", "-Dsun.stderr.encoding=UTF-8",
                "-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8",
                // Netty loads its native epoll transport: allowed, without a warning on every node.
                "--enable-native-access=ALL-UNNAMED");
    }

    /**
     * JDSM's options for the node JVMs of a job of {@code nodes} x {@code threadsPerNode} on this
     * machine. Where several node JVMs have compute threads for every core ({@link #sharesCores}),
     * they compile with thresholds 5 times higher. Each node JVM compiles JDSM's own comm,
     * serialization and protocol code, several times as much as a plain Java program, and there it
     * compiles on the cores the job computes on; with the higher thresholds it compiles only the
     * code that stays hot, while a job's hot loops still compile early. Measured on 2 cpus
     * (bench/README.md): 2 nodes ran SOR 1500 x 100 16% faster and LU 2048 11% faster, while one
     * node, which leaves a core to the compiler, ran SOR 14% slower with them. Otherwise: none.
     */
    public static List<String> coreSharingOptions(int nodes, int threadsPerNode) {
        return sharesCores(nodes, threadsPerNode, Runtime.getRuntime().availableProcessors())
                ? List.of("-XX:CompileThresholdScaling=" + COMPILE_THRESHOLD_SCALING) : List.of();
    }

    /** True if the job runs several node JVMs whose compute threads take every core of this machine. */
    static boolean sharesCores(int nodes, int threadsPerNode, int cores) {
        return nodes > 1 && (long) nodes * threadsPerNode >= cores;
    }

    /** Options for a node JVM of Java {@code feature}: one of another release may reject them. */
    private static List<String> defaultOptions(int feature) {
        List<String> options = new ArrayList<>(portableOptions());
        if (feature >= UNSAFE_WARNING_RELEASE) {
            options.add("--sun-misc-unsafe-memory-access=allow"); // Netty's pooled direct buffers
        }
        return options;
    }

    /** This JVM's class path, absolute so that node JVMs may run in any directory. */
    private static String classPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }
}

package org.jdsm.launch;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The command line of a node JVM on this machine: the launcher's own {@code java} and class path
 * (the shaded jdsm.jar when run by {@code bin/jdsm}), then the user's JVM options, then
 * {@link NodeMain} and its {@link NodeArgs}.
 */
public final class NodeJvm {

    /** The first release that warns about sun.misc.Unsafe memory access unless told otherwise. */
    private static final int UNSAFE_WARNING_RELEASE = 23;

    private NodeJvm() {
    }

    static List<String> command(List<String> userOptions, NodeArgs node) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(defaultOptions());
        command.addAll(userOptions);
        command.add("-cp");
        command.add(classPath());
        command.add(NodeMain.class.getName());
        command.addAll(node.toArgs());
        return command;
    }

    /**
     * Options for a node JVM that every Java from 17 on accepts, also for a remote node whose Java
     * release is unknown: UTF-8 output, and native access for Netty's epoll transport.
     */
    public static List<String> portableOptions() {
        return List.of(
                // Output in UTF-8, which the launcher decodes (JDK 17 and 18+ spell it differently).
                "-Dsun.stdout.encoding=UTF-8", "-Dsun.stderr.encoding=UTF-8",
                "-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8",
                // Netty loads its native epoll transport: allowed, without a warning on every node.
                "--enable-native-access=ALL-UNNAMED");
    }

    private static List<String> defaultOptions() {
        List<String> options = new ArrayList<>(portableOptions());
        if (Runtime.version().feature() >= UNSAFE_WARNING_RELEASE) {
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

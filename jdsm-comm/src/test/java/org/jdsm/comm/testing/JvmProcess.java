package org.jdsm.comm.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM for multi-process tests: runs {@code mainClass} with this JVM's java and class
 * path, and collects its output (stdout and stderr merged) line by line. Children report results
 * as lines with a known prefix, found with {@link #awaitLine}. Every wait is bounded, and
 * {@link #close} kills the process: start children in try-with-resources or close them in a
 * finally block ({@link #closeAll}).
 *
 * <pre>
 * try (JvmProcess node = JvmProcess.start("node0", NodeMain.class, List.of("-Xmx256m"), List.of("0"), Map.of())) {
 *     String line = node.awaitLine("RESULT ", Duration.ofSeconds(30));
 *     assertEquals(0, node.awaitExit(Duration.ofSeconds(10)));
 * }
 * </pre>
 */
public final class JvmProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    private JvmProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.reader = new Thread(this::readOutput, "jvm-process-output-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code java jvmArgs -cp <test class path> mainClass args} with extra environment {@code env}. */
    public static JvmProcess start(String name, Class<?> mainClass, List<String> jvmArgs, List<String> args,
            Map<String, String> env) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable().toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass.getName());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        return new JvmProcess(name, builder.start());
    }

    /** The java launcher of the running JVM. */
    public static Path javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * The running JVM's class path. Under Maven Surefire this is the full test class path
     * (Surefire sets {@code java.class.path} to it even when it boots from a manifest-only jar).
     */
    public static String classPath() {
        return System.getProperty("java.class.path");
    }

    /** Waits for the first output line starting with {@code prefix}; fails with the output so far. */
    public String awaitLine(String prefix, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            while (true) {
                for (String line : lines) {
                    if (line.startsWith(prefix)) {
                        return line;
                    }
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0 || (!reader.isAlive() && !process.isAlive())) {
                    throw new AssertionError(name + ": no line starting with '" + prefix + "' within "
                            + timeout.toMillis() + " ms" + (process.isAlive() ? "" : " (process exited)")
                            + "; output:\n" + output());
                }
                lines.wait(Math.min(left, 100));
            }
        }
    }

    /** Waits for the process to exit and returns its exit code; fails with the output if it does not. */
    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + ": still running after " + timeout.toMillis() + " ms; output:\n" + output());
        }
        reader.join(5_000); // let the last lines arrive
        return process.exitValue();
    }

    /** All output so far, one line per line. */
    public String output() {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }

    public String name() {
        return name;
    }

    /** Kills the process (and waits a little for it to go). Idempotent. */
    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes every process, for finally blocks. */
    public static void closeAll(Collection<JvmProcess> processes) {
        processes.forEach(JvmProcess::close);
    }

    private void readOutput() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // The process was killed: the output simply ends.
        }
    }
}

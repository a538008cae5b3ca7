package org.jdsm.bench.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A second JVM running {@code main} with this JVM's java, class path and JVM options. Its stderr
 * goes to ours; its stdout lines are echoed to our stderr with a prefix and can be awaited with
 * {@link #awaitLine}. The child's stdin stays open: a child that sees EOF on stdin should exit,
 * so it dies with us even on a hard kill. {@link #close} (and a shutdown hook) end it for sure.
 */
public final class ChildJvm implements AutoCloseable {

    private final String label;
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Thread hook;

    private ChildJvm(String label, Process process) {
        this.label = label;
        this.process = process;
        this.hook = new Thread(process::destroyForcibly, "kill-" + label);
        Runtime.getRuntime().addShutdownHook(hook);
        Thread reader = new Thread(this::pump, "stdout-" + label);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code main} with {@code args} and extra environment {@code env}. */
    public static ChildJvm start(String label, Class<?> main, List<String> args, Map<String, String> env)
            throws IOException {
        return start(label, main, List.of(), args, env);
    }

    /** As {@link #start(String, Class, List, Map)}, with {@code jvmArgs} after this JVM's options. */
    public static ChildJvm start(String label, Class<?> main, List<String> jvmArgs, List<String> args,
            Map<String, String> env) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(BenchEnv.jvmArgs());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        return new ChildJvm(label, pb.start());
    }

    private void pump() {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
                System.err.println("[" + label + "] " + line);
            }
        } catch (IOException e) {
            // the child is gone; awaitLine reports it
        }
    }

    /** Waits for a stdout line starting with {@code prefix} and returns the rest of it, trimmed. */
    public String awaitLine(String prefix, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IOException(label + ": no '" + prefix + "' line within " + timeout.toMillis() + " ms");
            }
            String line = lines.poll(Math.min(left, 100_000_000L), TimeUnit.NANOSECONDS);
            if (line != null && line.startsWith(prefix)) {
                return line.substring(prefix.length()).trim();
            }
            if (line == null && !process.isAlive()) {
                throw new IOException(label + " exited with code " + process.exitValue() + " before '" + prefix + "'");
            }
        }
    }

    /** Closes the child's stdin (asking it to exit), waits up to 3 s, then kills it. */
    @Override
    public void close() {
        process.info().totalCpuDuration().ifPresent(CpuMeter::addChildCpu);
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed
        }
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(3, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down already: the hook runs anyway
        }
    }
}

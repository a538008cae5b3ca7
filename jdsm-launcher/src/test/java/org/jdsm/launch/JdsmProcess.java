package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@code bin/jdsm} run as a separate process, as a user runs it. Every node JVM it starts carries a
 * unique marker on its command line, so a test can check that none is left behind, and
 * {@link #close} kills the launcher and any marked process that survived.
 */
final class JdsmProcess implements AutoCloseable {

    /** The source tree's root, where {@code bin/jdsm} lives. */
    static final Path ROOT = Path.of(System.getProperty("jdsm.root", "..")).toAbsolutePath().normalize();

    private final String marker;
    private final Process process;
    private final StringBuffer stdout = new StringBuffer();
    private final StringBuffer stderr = new StringBuffer();
    private final List<Thread> readers = new ArrayList<>();

    /**
     * Runs {@code prefix bin/jdsm args} in {@code dir}, with no JDSM or ssh-agent settings from our
     * environment but those of {@code env}; {@code marker} is what {@link #leftovers} looks for.
     */
    private JdsmProcess(List<String> prefix, Path dir, List<String> args, Map<String, String> env, String marker)
            throws IOException {
        this.marker = marker;
        Path script = ROOT.resolve("bin/jdsm");
        assertTrue(Files.isExecutable(script), script + " is missing or not executable");
        List<String> command = new ArrayList<>(prefix);
        command.add(script.toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("JDSM_") || name.equals("SSH_AUTH_SOCK"));
        // The JDK running the tests also runs the CLI (CI runs the suite on several JDKs).
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().putAll(env);
        builder.redirectInput(ProcessBuilder.Redirect.PIPE);
        process = builder.start();
        process.getOutputStream().close();
        readers.add(copy(process.getInputStream(), stdout));
        readers.add(copy(process.getErrorStream(), stderr));
    }

    /** Runs {@code jdsm ARGS} in network namespace {@code ns}, in directory {@code dir}. */
    static JdsmProcess inNamespace(String ns, Path dir, List<String> args) throws IOException {
        return new JdsmProcess(List.of("ip", "netns", "exec", ns), dir, args, Map.of(), newMarker());
    }

    private static String newMarker() {
        return "-Djdsm.test.marker=" + UUID.randomUUID();
    }

    /** Runs {@code jdsm run ARGS}, marking the node JVMs. */
    static JdsmProcess run(String... args) throws IOException {
        return run(Map.of(), List.of(args));
    }

    /** Runs {@code jdsm run ARGS} with {@code env} added to its environment, marking the node JVMs. */
    static JdsmProcess run(Map<String, String> env, List<String> args) throws IOException {
        String marker = newMarker();
        List<String> all = new ArrayList<>(List.of("run", "--jvm-arg=" + marker));
        all.addAll(args);
        return new JdsmProcess(List.of(), ROOT, all, env, marker);
    }

    /** Runs {@code jdsm ARGS} as given. */
    static JdsmProcess plain(String... args) throws IOException {
        return new JdsmProcess(List.of(), ROOT, List.of(args), Map.of(), newMarker());
    }

    /** Waits for the launcher to exit and returns its exit code; fails the test after {@code timeout}. */
    int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            fail("jdsm did not exit within " + timeout + "\n" + transcript());
        }
        for (Thread reader : readers) {
            reader.join(5_000);
        }
        return process.exitValue();
    }

    /** Waits until stdout contains {@code text}; fails the test after {@code timeout}. */
    void awaitStdout(String text, Duration timeout) throws InterruptedException {
        await(stdout, "stdout", text, timeout);
    }

    /** Waits until stderr contains {@code text}; fails the test after {@code timeout}. */
    void awaitStderr(String text, Duration timeout) throws InterruptedException {
        await(stderr, "stderr", text, timeout);
    }

    private void await(StringBuffer stream, String name, String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!stream.toString().contains(text)) {
            if (System.nanoTime() > deadline || !process.isAlive()) {
                fail("no '" + text + "' on " + name + " within " + timeout + "\n" + transcript());
            }
            Thread.sleep(50);
        }
    }

    long pid() {
        return process.pid();
    }

    String stdout() {
        return stdout.toString();
    }

    String stderr() {
        return stderr.toString();
    }

    /** The last line of stderr so far: the launcher's summary once the job has ended. */
    String lastStderrLine() {
        String[] lines = stderr().strip().split("\n");
        return lines[lines.length - 1];
    }

    /** Both streams, for failure messages. */
    String transcript() {
        return "--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
    }

    /** The node JVMs of this run still alive after up to {@code timeout} (killed ones need a moment to go). */
    List<ProcessHandle> leftovers(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ProcessHandle> alive = marked();
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            alive = marked();
        }
        return alive;
    }

    private List<ProcessHandle> marked() {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .filter(ProcessHandle::isAlive)
                .collect(Collectors.toList());
    }

    @Override
    public void close() {
        ProcessTrees.kill(process);
        marked().forEach(ProcessHandle::destroyForcibly);
    }

    private static Thread copy(InputStream in, StringBuffer to) {
        Thread t = new Thread(() -> {
            try {
                Reader reader = new InputStreamReader(in, Charset.defaultCharset());
                char[] buf = new char[8192];
                for (int n = reader.read(buf); n >= 0; n = reader.read(buf)) {
                    to.append(buf, 0, n);
                }
            } catch (IOException e) {
                // the process is gone
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}

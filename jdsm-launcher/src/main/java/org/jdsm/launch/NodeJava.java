package org.jdsm.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code java} that runs a node JVM and its feature release (17, 21, 25...), which decides the
 * options it accepts: {@code jdsm run --node-java} lets node JVMs of one job run different JDKs.
 *
 * @param executable the {@code java} executable
 * @param feature    its Java feature release
 */
public record NodeJava(Path executable, int feature) {

    /** The oldest Java a node JVM may run. */
    static final int OLDEST = 17;
    private static final Pattern RELEASE_LINE = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");
    private static final Pattern SPEC_PROPERTY = Pattern.compile("java\\.specification\\.version = (?:1\\.)?(\\d+)");
    private static final long PROBE_SECONDS = 60;

    /** The java running this launcher. */
    static NodeJava current() {
        return new NodeJava(Path.of(System.getProperty("java.home"), "bin", "java"), Runtime.version().feature());
    }

    /**
     * The java that {@code given} names: a {@code java} executable or a JDK (or JRE) directory.
     * Its release comes from the JDK's {@code release} file, else from asking it.
     *
     * @throws LaunchException naming {@code given} if it is no java, or one older than 17
     */
    static NodeJava of(String given) {
        Path path = Path.of(given).toAbsolutePath();
        Path executable = Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
        if (!Files.isRegularFile(executable) || !Files.isExecutable(executable)) {
            throw new LaunchException("--node-java " + given + ": no java executable at " + executable);
        }
        int feature = fromReleaseFile(executable);
        if (feature < 0) {
            feature = probe(executable, given);
        }
        if (feature < OLDEST) {
            throw new LaunchException("--node-java " + given + " is Java " + feature + "; node JVMs need Java "
                    + OLDEST + " or newer");
        }
        return new NodeJava(executable, feature);
    }

    /** The release in {@code JDK/release} beside {@code JDK/bin/java} (symbolic links followed), or -1. */
    private static int fromReleaseFile(Path executable) {
        try {
            Path release = executable.toRealPath().getParent().resolveSibling("release");
            Matcher m = RELEASE_LINE.matcher(Files.readString(release, StandardCharsets.UTF_8));
            return m.find() ? Integer.parseInt(m.group(1)) : -1;
        } catch (IOException | RuntimeException e) {
            return -1; // no release file: ask the java itself
        }
    }

    private static int probe(Path executable, String given) {
        try {
            Process p = new ProcessBuilder(List.of(executable.toString(), "-XshowSettings:properties", "-version"))
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            Matcher m = SPEC_PROPERTY.matcher(out);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            throw new LaunchException("--node-java " + given + ": cannot tell its Java release (is it Java "
                    + OLDEST + " or newer?); it said: " + out.lines().findFirst().orElse("nothing"));
        } catch (IOException e) {
            throw new LaunchException("--node-java " + given + ": cannot run " + executable + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("--node-java " + given + ": interrupted while asking its Java release", e);
        }
    }
}

package org.jdsm.launch.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The running jobs of a user on the gateway: one file per job in {@code <remote dir>/jobs}, written
 * by its ClusterManager and removed when it ends, holding the manager's pid. {@code jdsm status}
 * and {@code jdsm kill} read them with the shell commands below (no Java needed for those).
 */
public final class JobRegistry {

    private static final String SUFFIX = ".job";

    private final Path file;

    private JobRegistry(Path file) {
        this.file = file;
    }

    /** Registers this JVM as the manager of {@code jobId}. */
    static JobRegistry register(String remoteDir, String jobId, String jobClass, List<String> hosts) {
        Path dir = Path.of(remoteDir.equals("~") || remoteDir.startsWith("~/")
                ? System.getProperty("user.home") + remoteDir.substring(1) : remoteDir, "jobs");
        Path file = dir.resolve(jobId + SUFFIX);
        try {
            Files.createDirectories(dir);
            Files.write(file, List.of("job=" + jobId, "pid=" + ProcessHandle.current().pid(), "started=" + Instant.now(),
                    "class=" + jobClass, "ranks=" + hosts.size(), "hosts=" + String.join(",", hosts)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot register the job in " + dir + ": " + e.getMessage(), e);
        }
        return new JobRegistry(file);
    }

    /** The job has ended. */
    void remove() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A stale file is skipped and removed by the next status.
        }
    }

    /** Prints each running job's file, a blank line after each; removes the files of managers that are gone. */
    public static String listCommand(String remoteDir) {
        return "for f in " + Shell.path(remoteDir) + "/jobs/*" + SUFFIX + "; do [ -f \"$f\" ] || continue; "
                + "pid=$(sed -n 's/^pid=//p' \"$f\"); "
                + "if kill -0 \"$pid\" 2>/dev/null; then cat \"$f\"; echo; else rm -f \"$f\"; fi; done";
    }

    /** Sends SIGTERM to the manager of {@code jobId}, which then stops every server; exits 1 if no such job runs. */
    public static String killCommand(String remoteDir, String jobId) {
        String f = Shell.path(remoteDir) + "/jobs/" + Shell.quote(jobId + SUFFIX);
        return "f=" + f + "; pid=$(sed -n 's/^pid=//p' \"$f\" 2>/dev/null); "
                + "if [ -n \"$pid\" ] && kill -TERM \"$pid\" 2>/dev/null; then echo \"stopping $pid\"; "
                + "else echo \"no running job " + jobId.replaceAll("[^A-Za-z0-9._-]", "") + "\" >&2; exit 1; fi";
    }
}

package org.jdsm.launch.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jdsm.launch.LaunchException;

/** Runs a short command on the gateway (an ssh or srun to a node) with bytes on its stdin, bounded in time. */
final class RemoteCommand {

    /**
     * How it ended.
     *
     * @param code   the exit code
     * @param stderr what it printed on stderr, trimmed
     */
    record Result(int code, String stderr) {
        /** The last line of stderr: ssh's reason for failing. */
        String lastLine() {
            List<String> lines = stderr.lines().toList();
            return lines.isEmpty() ? "(no message)" : lines.get(lines.size() - 1);
        }
    }

    private RemoteCommand() {
    }

    static Result run(List<String> command, byte[] stdin, long timeoutSeconds) {
        try {
            Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            // Read stderr alongside, so that a chatty command cannot block on a full pipe.
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
            try (OutputStream in = process.getOutputStream()) {
                in.write(stdin);
            } catch (IOException e) {
                // The command ended without reading everything; its exit code says why.
            }
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new LaunchException(command.get(0) + " took more than " + timeoutSeconds + " s: " + String.join(" ", command));
            }
            return new Result(process.exitValue(), err.join());
        } catch (IOException e) {
            throw new LaunchException("cannot run " + command.get(0) + " on the gateway: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted while running " + command.get(0), e);
        }
    }

    private static String readAll(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }
}

package org.jdsm.launch.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime cache's shell commands run by {@code sh}, as on the gateway and the nodes: an upload
 * cut short (Ctrl-C while uploading: cat just sees the end of its input) must never become the
 * cached runtime, which every later submit would run and fail on.
 */
class RuntimeCacheShellTest {

    private static final byte[] JAR = new byte[100_000];

    @TempDir
    Path dir;

    private static int sh(String command, byte[] stdin) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(stdin);
        } catch (IOException e) {
            // The command ended without reading it all; its exit code says how.
        }
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        return p.exitValue();
    }

    @Test
    void aCompleteUploadIsStoredAndFound() throws Exception {
        Path cache = dir.resolve("cache");
        assertEquals(1, sh(Shell.exists(cache + "/r.jar", JAR.length), new byte[0]));
        assertEquals(0, sh(Shell.store(cache.toString(), "r.jar", JAR.length), JAR));
        assertEquals(JAR.length, Files.size(cache.resolve("r.jar")));
        assertEquals(0, sh(Shell.exists(cache + "/r.jar", JAR.length), new byte[0]));
    }

    @Test
    void anUploadCutShortIsNotStored() throws Exception {
        Path cache = dir.resolve("cache");
        assertTrue(sh(Shell.store(cache.toString(), "r.jar", JAR.length), new byte[JAR.length / 3]) != 0);
        assertFalse(Files.exists(cache.resolve("r.jar")), "a third of the runtime was cached as the runtime");
        try (Stream<Path> left = Files.list(cache)) {
            assertEquals(0, left.count(), "the partial file is left behind");
        }
    }

    @Test
    void aCachedCopyOfTheWrongSizeCountsAsMissing() throws Exception {
        Path cache = Files.createDirectories(dir.resolve("cache"));
        Files.write(cache.resolve("r.jar"), new byte[JAR.length / 3]); // cut short by an older JDSM, a full disk
        assertEquals(1, sh(Shell.exists(cache + "/r.jar", JAR.length), new byte[0]));
        assertEquals(0, sh(Shell.store(cache.toString(), "r.jar", JAR.length), JAR));
        assertEquals(0, sh(Shell.exists(cache + "/r.jar", JAR.length), new byte[0]));
    }

    @Test
    void aDirectoryThatCannotBeMadeFailsTheStore() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertTrue(sh(Shell.store(file + "/cache", "r.jar", JAR.length), JAR) != 0);
    }
}

package org.jdsm.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalClientFilesTest {

    @TempDir
    Path dir;

    @Test
    void writesAndReadsRelativeToTheBase() throws IOException {
        Files.createDirectory(dir.resolve("out"));
        LocalClientFiles files = new LocalClientFiles(dir, false);
        files.write("out/result.txt", "42".getBytes(StandardCharsets.UTF_8));
        assertEquals("42", Files.readString(dir.resolve("out/result.txt")));
        assertArrayEquals("42".getBytes(StandardCharsets.UTF_8), files.read("out/../out/result.txt"));
        try (var left = Files.list(dir.resolve("out"))) {
            assertEquals(1, left.count(), "no temporary file left beside the result");
        }
    }

    @Test
    void refusesPathsOutsideTheBaseUnlessAllowed() throws IOException {
        Path base = Files.createDirectory(dir.resolve("base"));
        Path outside = Files.writeString(dir.resolve("secret.txt"), "s");
        Files.createSymbolicLink(base.resolve("link"), outside);
        LocalClientFiles confined = new LocalClientFiles(base, false);
        for (String path : new String[] {outside.toString(), "../secret.txt", "link"}) {
            IOException e = assertThrows(IOException.class, () -> confined.read(path), path);
            assertTrue(e.getMessage().contains("--allow-any-path"), e.getMessage());
        }
        assertThrows(IOException.class, () -> confined.write("../new.txt", new byte[1]));
        assertEquals("s", new String(new LocalClientFiles(base, true).read(outside.toString()), StandardCharsets.UTF_8));
    }

    @Test
    void newFilesGetTheUsualModeAndReplacedFilesKeepTheirs() throws IOException {
        LocalClientFiles files = new LocalClientFiles(dir, false);
        files.write("new.txt", new byte[1]);
        // Any program's new file here gets the same mode (0666 less the umask), not a private 0600.
        Path usual = Files.createFile(dir.resolve("usual.txt"));
        assertEquals(Files.getPosixFilePermissions(usual), Files.getPosixFilePermissions(dir.resolve("new.txt")));
        Path shared = Files.writeString(dir.resolve("shared.txt"), "old");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-rw-r--"));
        files.write("shared.txt", new byte[1]);
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)));
    }

    @Test
    void missingFileIsAnIoError() {
        assertThrows(IOException.class, () -> new LocalClientFiles(dir, false).read("nope.txt"));
    }
}

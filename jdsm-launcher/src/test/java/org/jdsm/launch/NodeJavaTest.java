package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeJavaTest {

    @TempDir
    Path dir;

    @Test
    void theRunningJavaIsFoundByDirectoryAndByExecutable() {
        NodeJava current = NodeJava.current();
        Path home = Path.of(System.getProperty("java.home"));
        assertEquals(current, NodeJava.of(home.toString()));
        assertEquals(current, NodeJava.of(home.resolve("bin/java").toString()));
    }

    @Test
    void aJdkWithoutAReleaseFileIsAsked() throws IOException {
        Path java = fakeJava("21");
        assertEquals(new NodeJava(java, 21), NodeJava.of(java.toString()));
    }

    @Test
    void tooOldAJavaIsRefusedNamingItsRelease() throws IOException {
        Path java = fakeJava("1.8");
        LaunchException e = assertThrows(LaunchException.class, () -> NodeJava.of(java.toString()));
        assertEquals("--node-java " + java + " is Java 8; node JVMs need Java 17 or newer", e.getMessage());
    }

    @Test
    void aMissingJavaIsNamed() {
        Path missing = dir.resolve("jdk-99");
        LaunchException e = assertThrows(LaunchException.class, () -> NodeJava.of(missing.toString()));
        assertTrue(e.getMessage().startsWith("--node-java " + missing + ": no java executable at " + missing),
                e.getMessage());
    }

    @Test
    void somethingElseThanJavaIsNamed() throws IOException {
        Path notJava = script("echo 'usage: not-java'");
        LaunchException e = assertThrows(LaunchException.class, () -> NodeJava.of(notJava.toString()));
        assertTrue(e.getMessage().contains("cannot tell its Java release") && e.getMessage().contains("usage: not-java"),
                e.getMessage());
    }

    /** A bin/java, with no release file beside its bin, that answers as Java {@code spec} does. */
    private Path fakeJava(String spec) throws IOException {
        return script("echo '    java.specification.version = " + spec + "' >&2");
    }

    private Path script(String body) throws IOException {
        Path java = dir.resolve("jdk/bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }
}

package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jdsm.launch.jobs.FailOnRank;
import org.jdsm.launch.jobs.NotAJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobClassPathTest {

    /** The test classes directory, which holds the test jobs. */
    private static final Path CLASSES = Path.of(FailOnRank.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    private final ClassLoader jdsm = getClass().getClassLoader();

    @Test
    void acceptsAJobInAClassDirectory() {
        JobClassPath.of(CLASSES).checkJobClass(FailOnRank.class.getName(), jdsm);
    }

    @Test
    void missingPathIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("nope.jar");
        assertEquals("job jar or class directory not found: " + missing,
                assertThrows(LaunchException.class, () -> JobClassPath.of(missing)).getMessage());
    }

    @Test
    void aFileThatIsNoJarIsRefused(@TempDir Path dir) throws Exception {
        Path text = Files.writeString(dir.resolve("job.jar"), "not a zip");
        assertEquals(text + " is neither a jar file nor a class directory (zip END header not found)",
                assertThrows(LaunchException.class, () -> JobClassPath.of(text)).getMessage());
    }

    @Test
    void aClassNameWithoutItsPackageGetsASuggestion() {
        LaunchException e = assertThrows(LaunchException.class,
                () -> JobClassPath.of(CLASSES).checkJobClass("FailOnRank", jdsm));
        assertEquals("class FailOnRank not found in " + CLASSES.toAbsolutePath().normalize()
                + "; did you mean org.jdsm.launch.jobs.FailOnRank?", e.getMessage());
    }

    @Test
    void aClassThatIsNoSpmdIsRefused() {
        LaunchException e = assertThrows(LaunchException.class,
                () -> JobClassPath.of(CLASSES).checkJobClass(NotAJob.class.getName(), jdsm));
        assertEquals(NotAJob.class.getName() + " in " + CLASSES.toAbsolutePath().normalize()
                + " does not extend org.jdsm.Spmd", e.getMessage());
    }
}

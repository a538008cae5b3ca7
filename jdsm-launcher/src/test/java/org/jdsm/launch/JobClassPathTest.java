package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jdsm.launch.jobs.FailOnRank;
import org.jdsm.launch.jobs.NotAJob;
import org.jdsm.launch.jobs.UsesLibrary;
import org.jdsm.launch.joblib.Library;
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
    void aFileNameOrAWronglyCasedNameGetsASuggestion() {
        for (String given : List.of("FailOnRank.class", "org/jdsm/launch/jobs/FailOnRank.class", "FailOnRank.java",
                "org/jdsm/launch/jobs/FailOnRank", "failonrank")) {
            LaunchException e = assertThrows(LaunchException.class, () -> JobClassPath.of(CLASSES).checkJobClass(given, jdsm));
            assertEquals("class " + given + " not found in " + CLASSES.toAbsolutePath().normalize()
                    + "; did you mean org.jdsm.launch.jobs.FailOnRank?", e.getMessage());
        }
    }

    @Test
    void manifestJarsAreTheClassPathsOfTheJobJarAndItsLibrariesThatExist(@TempDir Path dir) throws Exception {
        Path job = TestJars.write(dir.resolve("app/job.jar"), "lib/a.jar ../shared/b.jar missing.jar", UsesLibrary.class);
        Path a = TestJars.write(dir.resolve("app/lib/a.jar"), "c.jar ../job.jar", Library.class);
        Path b = TestJars.write(dir.resolve("shared/b.jar"), null);
        Path c = TestJars.write(dir.resolve("app/lib/c.jar"), "a.jar");
        assertEquals(List.of(a, b, c), JobClassPath.of(job).manifestJars());
    }

    @Test
    void aJarWithoutClassPathNeedsNoOtherJar(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), JobClassPath.of(TestJars.write(dir.resolve("job.jar"), null, UsesLibrary.class)).manifestJars());
    }

    @Test
    void anAbsoluteClassPathEntryIsRefusedWithTheAdviceToBuildAFatJar(@TempDir Path dir) throws Exception {
        Path job = TestJars.write(dir.resolve("job.jar"), "/opt/lib/x.jar", UsesLibrary.class);
        assertEquals("the manifest Class-Path of " + job + " names /opt/lib/x.jar by an absolute path, which other"
                + " machines need not have: name it relative to the jar, or build a fat jar (one jar with every class"
                + " the job needs)", assertThrows(LaunchException.class, () -> JobClassPath.of(job).manifestJars()).getMessage());
    }

    @Test
    void aClassThatIsNoSpmdIsRefused() {
        LaunchException e = assertThrows(LaunchException.class,
                () -> JobClassPath.of(CLASSES).checkJobClass(NotAJob.class.getName(), jdsm));
        assertEquals(NotAJob.class.getName() + " in " + CLASSES.toAbsolutePath().normalize()
                + " does not extend org.jdsm.Spmd", e.getMessage());
    }
}

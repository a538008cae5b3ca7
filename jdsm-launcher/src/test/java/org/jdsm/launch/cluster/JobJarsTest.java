package org.jdsm.launch.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jdsm.launch.JobClassPath;
import org.jdsm.launch.TestJars;
import org.jdsm.launch.jobs.UsesLibrary;
import org.jdsm.launch.joblib.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job's jars travel to a server in a layout where the job jar's manifest Class-Path still finds them. */
class JobJarsTest {

    @Test
    void aServerLoadsTheClassesOfTheJarsTheManifestNames(@TempDir Path laptop, @TempDir Path node) throws Exception {
        Path job = TestJars.write(laptop.resolve("app/job.jar"), "../lib/library.jar", UsesLibrary.class);
        TestJars.write(laptop.resolve("lib/library.jar"), null, Library.class);
        JobJars sent = JobJars.read(job, JobClassPath.of(job).manifestJars());

        Path written = JobJars.decode(sent.encode()).writeTemporarily(node);

        assertEquals(node.resolve("app/job.jar"), written);
        assertEquals(List.of("app/job.jar", "lib/library.jar"), List.copyOf(sent.files().keySet()));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {written.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            assertEquals(Library.class.getName(), loader.loadClass(Library.class.getName()).getName());
        }
    }

    @Test
    void aPathOutsideTheServersDirectoryIsRefused(@TempDir Path node) {
        JobJars evil = new JobJars(Map.of("../escape.jar", new byte[0]));
        assertEquals("job jar path ../escape.jar leaves " + node,
                assertThrows(IOException.class, () -> evil.writeTemporarily(node)).getMessage());
        assertFalse(Files.exists(node.getParent().resolve("escape.jar")));
    }
}

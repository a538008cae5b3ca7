package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A jar instrumented ahead of time runs like classes rewritten at load time. */
class OfflineInstrumenterTest {

    @TempDir
    Path dir;

    @Test
    void instrumentedJarRunsAndIsNotInstrumentedTwice() throws Exception {
        Path in = programsJar(dir.resolve("programs.jar"));
        Path out = dir.resolve("instrumented.jar");
        OfflineInstrumenter.Result first = OfflineInstrumenter.instrument(in, out, List.of(), name -> name.startsWith(Jobs.PROGRAMS));
        assertEquals(0, first.alreadyInstrumented());
        OfflineInstrumenter.Result again = OfflineInstrumenter.instrument(out, dir.resolve("twice.jar"), List.of(),
                name -> name.startsWith(Jobs.PROGRAMS));
        assertEquals(0, again.rewritten());
        assertEquals(first.rewritten(), again.alreadyInstrumented());

        try (URLClassLoader loader = new ProgramsFirst(out)) {
            InJvmJob.of(Jobs.PROGRAMS + "VecMulPlain", loader).protocol("lrc").nodes(2).threadsPerNode(2)
                    .args(List.of("500", "32")).run();
        }
        Jobs.runPlain("VecMulExplicit", "lrc", 2, 2, "500", "32");
        assertArrayEquals((double[]) Results.take("VecMulExplicit"), (double[]) Results.take("VecMulPlain"));
    }

    /** The output jar gets the mode any new file gets there, not a temp file's private 0600; a replaced one keeps its own. */
    @Test
    void theInstrumentedJarGetsTheUsualModeOrKeepsItsOwn() throws Exception {
        Path in = programsJar(dir.resolve("programs.jar"));
        Path usual = Files.createFile(dir.resolve("usual"));
        Path out = dir.resolve("instrumented.jar");
        OfflineInstrumenter.instrument(in, out, List.of(), name -> name.startsWith(Jobs.PROGRAMS));
        assertEquals(Files.getPosixFilePermissions(usual), Files.getPosixFilePermissions(out));
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxr-x---"));
        OfflineInstrumenter.instrument(in, out, List.of(), name -> name.startsWith(Jobs.PROGRAMS));
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
    }

    /** The compiled test programs as a jar. */
    private static Path programsJar(Path jar) throws IOException, java.net.URISyntaxException {
        Path classes = Path.of(OfflineInstrumenterTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path programs = classes.resolve(Jobs.PROGRAMS.replace('.', '/'));
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.list(programs)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return jar;
    }

    /** Loads the programs from the jar even though the test's own class path has them too. */
    private static final class ProgramsFirst extends URLClassLoader {
        ProgramsFirst(Path jar) throws IOException {
            super(new URL[] {jar.toUri().toURL()}, OfflineInstrumenterTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(Jobs.PROGRAMS)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : findClass(name);
            }
        }
    }
}

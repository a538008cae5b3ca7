package org.jdsm.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.jdsm.launch.jobs.FailOnRank;

/** Jars of test classes for tests, with a manifest Class-Path as a user's build writes one. */
public final class TestJars {

    /** The test classes directory. */
    public static final Path CLASSES = Path.of(FailOnRank.class.getProtectionDomain().getCodeSource().getLocation().getPath());

    private TestJars() {
    }

    /** Writes {@code jar} with the class files of {@code classes} and, unless null, a manifest {@code Class-Path}. */
    public static Path write(Path jar, String classPath, Class<?>... classes) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        Files.createDirectories(jar.toAbsolutePath().getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (Class<?> c : classes) {
                String entry = c.getName().replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(entry));
                Files.copy(CLASSES.resolve(entry), out);
                out.closeEntry();
            }
        }
        return jar;
    }
}

package org.jdsm.bench.apps;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * A private copy of this JVM's class path for the child JVMs of a long run. The suite starts about a
 * hundred JVMs over tens of minutes; on a shared machine a colleague's {@code mvn install} meanwhile
 * rewrites {@code target/} and the local repository's jars, and a child started during or after that
 * would run other (or half-written) code than the rest of the run (seen while writing this
 * benchmark: {@code NoClassDefFoundError} in node JVMs). So the run copies every class path entry
 * once (checking each jar opens; retrying one caught mid-write) and points {@code java.class.path},
 * which the harness's {@code ChildJvm} hands to every child, at the copies. The copy is deleted when
 * the JVM exits.
 */
final class FrozenClassPath {

    private static final int ATTEMPTS = 5;

    private FrozenClassPath() {
    }

    /** Copies the class path into a temporary directory and makes it the children's; returns that directory. */
    static Path freeze() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("jdsm-bench-apps-cp");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(dir), "delete-" + dir.getFileName()));
        List<String> copies = new ArrayList<>();
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path source = Path.of(entry);
            Path target = dir.resolve((n++) + "-" + source.getFileName());
            if (Files.isDirectory(source)) {
                copyTree(source, target);
            } else if (Files.isRegularFile(source)) {
                copyJar(source, target);
            } else {
                continue; // a missing entry is missing for the children too
            }
            copies.add(target.toString());
        }
        System.setProperty("java.class.path", String.join(File.pathSeparator, copies));
        return dir;
    }

    /**
     * Loads now every class of the benchmark's own packages {@code packages} (from this JVM's class
     * path, e.g. {@code bench/target/classes}), so a rebuild of the benchmark during the run cannot
     * break this JVM when it reaches the report at the end.
     */
    static void preload(String... packages) throws IOException {
        ClassLoader loader = FrozenClassPath.class.getClassLoader();
        Path root;
        try {
            root = Path.of(FrozenClassPath.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return;
        }
        if (!Files.isDirectory(root)) {
            return; // a jar: opened once, nothing to race with
        }
        for (String pkg : packages) {
            Path dir = root.resolve(pkg.replace('.', '/'));
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String name = f.getFileName().toString();
                    if (name.endsWith(".class")) {
                        try {
                            Class.forName(pkg + "." + name.substring(0, name.length() - 6), false, loader);
                        } catch (ClassNotFoundException | LinkageError e) {
                            // not loadable on its own: it will fail where it is used
                        }
                    }
                }
            }
        }
    }

    private static void copyJar(Path source, Path target) throws IOException, InterruptedException {
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            try (ZipFile zip = new ZipFile(target.toFile())) {
                zip.stream().forEach(e -> { }); // reads the central directory
                return;
            } catch (IOException e) {
                last = e;
                Thread.sleep(2000); // being rewritten by a build: try again
            }
        }
        throw new IOException("cannot copy a readable " + source + " (a build keeps rewriting it?)", last);
    }

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path t = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort at exit
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // best effort at exit
        }
    }
}

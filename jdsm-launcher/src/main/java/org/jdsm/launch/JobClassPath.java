package org.jdsm.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.jdsm.Spmd;

/** A job's classes: a jar or a class directory, checked with errors a user can act on. */
public final class JobClassPath {

    private final Path path;

    private JobClassPath(Path path) {
        this.path = path;
    }

    /** The job classes at {@code path}; fails unless it is a readable jar or a directory. */
    public static JobClassPath of(Path path) {
        if (!Files.exists(path)) {
            throw new LaunchException("job jar or class directory not found: " + path);
        }
        if (!Files.isDirectory(path)) {
            try (JarFile ignored = new JarFile(path.toFile())) {
                // Opening it is the check.
            } catch (IOException e) {
                throw new LaunchException(path + " is neither a jar file nor a class directory (" + e.getMessage() + ")", e);
            }
        }
        return new JobClassPath(path.toAbsolutePath().normalize());
    }

    /** This job as a jar; fails, saying how to make one, if it is a class directory. */
    public JobClassPath requireJar() {
        if (Files.isDirectory(path)) {
            throw new LaunchException(path + " is a class directory, but this command takes the job as a jar:"
                    + " jar cf job.jar -C " + path + " .");
        }
        return this;
    }

    /** The absolute path of the jar or directory. */
    public Path path() {
        return path;
    }

    /**
     * The jars that the job jar's manifest {@code Class-Path} names, and theirs in turn, resolved
     * against the naming jar's directory as the JVM resolves them; entries that do not exist are
     * left out, as the JVM leaves them out. None for a class directory.
     *
     * @throws LaunchException for an entry the job could not take elsewhere: an absolute one, or a
     *                         directory
     */
    public List<Path> manifestJars() {
        List<Path> found = new ArrayList<>();
        Deque<Path> toRead = new ArrayDeque<>(List.of(path));
        while (!toRead.isEmpty()) {
            Path jar = toRead.poll();
            for (Path named : manifestClassPath(jar)) {
                if (Files.isRegularFile(named) && !named.equals(path) && !found.contains(named)) {
                    found.add(named);
                    toRead.add(named);
                }
            }
        }
        return found;
    }

    /** The existing and missing entries of {@code jar}'s manifest Class-Path, as paths. */
    private static List<Path> manifestClassPath(Path jar) {
        if (Files.isDirectory(jar)) {
            return List.of();
        }
        String classPath;
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            classPath = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
        } catch (IOException e) {
            throw new LaunchException("cannot read the manifest of " + jar + ": " + e.getMessage(), e);
        }
        List<Path> entries = new ArrayList<>();
        for (String entry : classPath == null ? new String[0] : classPath.trim().split("\\s+")) {
            if (entry.isEmpty()) {
                continue;
            }
            URI uri;
            try {
                uri = new URI(entry);
            } catch (URISyntaxException e) {
                continue; // the JVM skips it too
            }
            if (uri.isAbsolute() || entry.startsWith("/")) {
                throw new LaunchException("the manifest Class-Path of " + jar + " names " + entry
                        + " by an absolute path, which other machines need not have: name it relative to the jar,"
                        + " or build a fat jar (one jar with every class the job needs)");
            }
            Path named = jar.toAbsolutePath().getParent().resolve(uri.getPath()).normalize();
            if (Files.isDirectory(named)) {
                throw new LaunchException("the manifest Class-Path of " + jar + " names the directory " + entry
                        + ", which only jars can stand for on other machines: build a fat jar (one jar with every"
                        + " class the job needs)");
            }
            entries.add(named);
        }
        return entries;
    }

    /** A class loader over the job's classes; JDSM's own classes come from {@code parent}. */
    public URLClassLoader loader(ClassLoader parent) {
        try {
            return new URLClassLoader("jdsm-job", new URL[] {path.toUri().toURL()}, parent);
        } catch (MalformedURLException e) {
            throw new LaunchException("cannot use " + path + " as a class path: " + e.getMessage(), e);
        }
    }

    /**
     * Checks that {@code className} names a public, concrete {@link Spmd} subclass with a public
     * no-argument constructor, without running any of its code.
     */
    public void checkJobClass(String className, ClassLoader parent) {
        try (URLClassLoader loader = loader(parent)) {
            Class<?> c = load(className, loader);
            if (!Spmd.class.isAssignableFrom(c)) {
                throw new LaunchException(className + " in " + path + " does not extend org.jdsm.Spmd");
            }
            if (!Modifier.isPublic(c.getModifiers()) || Modifier.isAbstract(c.getModifiers())) {
                throw new LaunchException(className + " must be a public, non-abstract class");
            }
            try {
                c.getConstructor();
            } catch (NoSuchMethodException e) {
                throw new LaunchException(className + " needs a public no-argument constructor", e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Class<?> load(String className, ClassLoader loader) {
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new LaunchException("class " + className + " not found in " + path + suggestion(className), e);
        } catch (LinkageError e) {
            throw new LaunchException("cannot load " + className + " from " + path + ": " + e
                    + " (are all the classes it uses in the job jar?)", e);
        }
    }

    /**
     * Points at classes with the same simple name, for the common mistakes of leaving out the package,
     * giving a file name ({@code Job.class}, {@code com/example/Job}) or the wrong case.
     */
    private String suggestion(String className) {
        String wanted = asClassName(className);
        String simple = wanted.substring(wanted.lastIndexOf('.') + 1);
        List<String> matches = new ArrayList<>();
        for (String name : classNames()) {
            if (name.substring(name.lastIndexOf('.') + 1).equalsIgnoreCase(simple)) {
                matches.add(name);
            }
        }
        return matches.isEmpty() ? "" : "; did you mean " + String.join(" or ", matches) + "?";
    }

    /** {@code name} without a {@code .class} or {@code .java} ending, with dots for slashes. */
    private static String asClassName(String name) {
        String dotted = name.replace('/', '.').replace('\\', '.');
        for (String ending : List.of(".class", ".java")) {
            if (dotted.endsWith(ending)) {
                return dotted.substring(0, dotted.length() - ending.length());
            }
        }
        return dotted;
    }

    /** Names of the top-level classes in the jar or directory. */
    private List<String> classNames() {
        List<String> files = new ArrayList<>();
        try {
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(Files::isRegularFile).forEach(f -> files.add(path.relativize(f).toString().replace('\\', '/')));
                }
            } else {
                try (JarFile jar = new JarFile(path.toFile())) {
                    Collections.list(jar.entries()).stream().map(JarEntry::getName).forEach(files::add);
                }
            }
        } catch (IOException e) {
            return List.of(); // only a hint: no suggestion then
        }
        List<String> names = new ArrayList<>();
        for (String f : files) {
            if (f.endsWith(".class") && !f.contains("$") && !f.startsWith("META-INF/")) {
                names.add(f.substring(0, f.length() - ".class".length()).replace('/', '.'));
            }
        }
        return names;
    }
}

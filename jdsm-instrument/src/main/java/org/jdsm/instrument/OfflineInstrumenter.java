package org.jdsm.instrument;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.function.Predicate;
import java.util.jar.JarOutputStream;
import java.util.regex.Pattern;
import javassist.ClassPool;
import javassist.NotFoundException;
import org.jdsm.runtime.FileReplacement;

/**
 * Instruments a jar once, ahead of time: {@code java -jar jdsm-instrument.jar IN.jar OUT.jar
 * [CLASSPATH]} (what {@code jdsm instrument} and a Maven build's exec-maven-plugin run). User
 * classes (see {@link ClassFilter}) are rewritten, everything else is copied. The rewriter needs
 * the classes the job refers to (its libraries) to compute stack maps: pass them as CLASSPATH.
 */
public final class OfflineInstrumenter {

    /** Jar signatures no longer match rewritten classes. */
    private static final Pattern SIGNATURE = Pattern.compile("META-INF/[^/]+\\.(SF|DSA|RSA|EC)");
    private static final Pattern VERSIONED = Pattern.compile("META-INF/versions/\\d+/");

    /** What an instrumentation run did. */
    public record Result(int rewritten, int alreadyInstrumented, int copied) {
    }

    private OfflineInstrumenter() {
    }

    /** Command line: {@code IN.jar OUT.jar [CLASSPATH]}; exit 0, 1 (a class cannot be rewritten) or 2 (usage). */
    public static void main(String[] args) {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: java -jar jdsm-instrument.jar IN.jar OUT.jar [CLASSPATH]");
            System.exit(2);
        }
        List<Path> classPath = new ArrayList<>();
        if (args.length == 3) {
            for (String entry : args[2].split(File.pathSeparator)) {
                classPath.add(Path.of(entry));
            }
        }
        try {
            Result r = instrument(Path.of(args[0]), Path.of(args[1]), classPath);
            System.out.println("jdsm-instrument: " + r.rewritten() + " classes instrumented, "
                    + r.alreadyInstrumented() + " already instrumented, " + r.copied() + " other entries copied into " + args[1]);
        } catch (RewriteException | IOException e) {
            System.err.println("jdsm-instrument: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * Writes {@code out}: {@code in} with its user classes instrumented. Written to a temporary file
     * first, so {@code out} appears whole or not at all (it may be {@code in} itself).
     *
     * @param classPath jars and directories holding classes the job's classes refer to
     * @throws RewriteException naming the class and method that cannot be instrumented
     */
    public static Result instrument(Path in, Path out, List<Path> classPath) throws IOException, RewriteException {
        return instrument(in, out, classPath, ClassFilter::isUserClass);
    }

    /** As {@link #instrument(Path, Path, List)}, rewriting the classes {@code selected} accepts (dotted names). */
    public static Result instrument(Path in, Path out, List<Path> classPath, Predicate<String> selected)
            throws IOException, RewriteException {
        Rewriter rewriter = new Rewriter(classPool(in, classPath), selected);
        Result[] result = new Result[1];
        try (JarFile jar = new JarFile(in.toFile())) {
            FileReplacement.write(out, stream -> {
                try (JarOutputStream target = new JarOutputStream(stream)) {
                    result[0] = copy(jar, target, rewriter, selected);
                } catch (RewriteException e) {
                    throw new RewriteFailure(e);
                }
            });
        } catch (RewriteFailure e) {
            throw e.rewrite;
        }
        return result[0];
    }

    /** Carries a {@link RewriteException} out of {@link FileReplacement}'s content, which may throw only IOException. */
    private static final class RewriteFailure extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient RewriteException rewrite;

        RewriteFailure(RewriteException rewrite) {
            super(rewrite);
            this.rewrite = rewrite;
        }
    }

    private static ClassPool classPool(Path in, List<Path> classPath) throws IOException {
        ClassPool pool = new ClassPool(true);
        try {
            pool.insertClassPath(in.toString());
            for (Path p : classPath) {
                pool.appendClassPath(p.toString());
            }
        } catch (NotFoundException e) {
            throw new IOException("cannot read " + e.getMessage(), e);
        }
        return pool;
    }

    private static Result copy(JarFile jar, JarOutputStream target, Rewriter rewriter, Predicate<String> selected)
            throws IOException, RewriteException {
        int rewritten = 0;
        int already = 0;
        int copied = 0;
        Enumeration<JarEntry> entries = jar.entries();
        while (entries.hasMoreElements()) {
            JarEntry entry = entries.nextElement();
            String name = entry.getName();
            if (SIGNATURE.matcher(name).matches()) {
                continue;
            }
            byte[] content;
            try (InputStream in = jar.getInputStream(entry)) {
                content = in.readAllBytes();
            }
            if (isSelectedClass(name, selected)) {
                byte[] instrumented = rewriter.rewrite(content);
                if (instrumented == null) {
                    already++;
                } else {
                    content = instrumented;
                    rewritten++;
                }
            } else {
                copied++;
            }
            JarEntry copy = new JarEntry(name);
            copy.setTime(entry.getTime());
            target.putNextEntry(copy);
            target.write(content);
            target.closeEntry();
        }
        return new Result(rewritten, already, copied);
    }

    /**
     * The user classes (dotted names) in {@code jar} that are not instrumented: a library that a job
     * jar instrumented ahead of time names in its manifest must have none, since no agent rewrites
     * them when the job runs.
     *
     * @throws RewriteException if a class entry is no class file
     */
    public static List<String> uninstrumentedClasses(Path jar) throws IOException, RewriteException {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (isSelectedClass(entry.getName(), ClassFilter::isUserClass)) {
                    try (InputStream in = file.getInputStream(entry)) {
                        if (!Rewriter.isInstrumented(in.readAllBytes())) {
                            names.add(className(entry.getName()));
                        }
                    }
                }
            }
        }
        return names;
    }

    private static boolean isSelectedClass(String entryName, Predicate<String> selected) {
        if (!entryName.endsWith(".class") || entryName.endsWith("module-info.class")) {
            return false;
        }
        return selected.test(className(entryName));
    }

    /** The dotted name of the class a {@code .class} entry holds. */
    private static String className(String entryName) {
        String path = VERSIONED.matcher(entryName).replaceFirst("");
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }
}

package org.jdsm.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Predicate;

/**
 * Loads the classes {@code selected} accepts itself, rewritten, and leaves every other class to the
 * parent: the same classes run instrumented here and plain through the parent, side by side in
 * one JVM (for tests and benchmarks, and {@code jdsm run --comm local --instrument}).
 */
public final class InstrumentingClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final Predicate<String> selected;
    private final Rewriter rewriter;

    /** Rewrites the classes of {@code parent} that {@code selected} accepts (binary names, dotted). */
    public InstrumentingClassLoader(ClassLoader parent, Predicate<String> selected) {
        super("jdsm-instrumented", parent);
        this.selected = selected;
        this.rewriter = Rewriter.forLoader(parent, selected);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!selected.test(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] original;
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            original = in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
        byte[] rewritten;
        try {
            rewritten = rewriter.rewrite(original);
        } catch (RewriteException e) {
            throw new InstrumentationError(e);
        }
        byte[] bytes = rewritten == null ? original : rewritten;
        return defineClass(name, bytes, 0, bytes.length);
    }
}

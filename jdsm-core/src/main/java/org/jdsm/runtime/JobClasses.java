package org.jdsm.runtime;

import java.lang.reflect.InvocationTargetException;
import org.jdsm.DsmException;
import org.jdsm.Spmd;

/** Loads and instantiates the user's {@link Spmd} subclass with clear errors. */
final class JobClasses {

    private JobClasses() {
    }

    static Spmd instantiate(String className, ClassLoader loader) {
        Class<?> c;
        try {
            c = Class.forName(className, true, loader);
        } catch (ClassNotFoundException e) {
            throw new DsmException("job class " + className + " not found in the job's class path", e);
        } catch (ExceptionInInitializerError e) {
            // The job's own static initializer failed: name it and what it threw, as for the constructor.
            throw new DsmException("static initializer of " + className + " threw " + Failures.text(e.getCause()),
                    e.getCause());
        } catch (LinkageError e) {
            if (e instanceof NoClassDefFoundError && String.valueOf(e.getMessage()).startsWith("Could not initialize class")) {
                // Another node in this JVM (--comm local) ran the static initializer first, and it failed there.
                throw new DsmException("static initializer of " + className + " failed: " + e, e);
            }
            throw new DsmException("cannot load job class " + className + ": " + e
                    + " (are all the classes it uses in the job jar?)", e);
        }
        if (!Spmd.class.isAssignableFrom(c)) {
            throw new DsmException("job class " + className + " does not extend org.jdsm.Spmd");
        }
        try {
            return (Spmd) c.getDeclaredConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw new DsmException("job class " + className + " needs a public no-argument constructor", e);
        } catch (InvocationTargetException e) {
            throw new DsmException("constructor of " + className + " threw " + Failures.text(e.getCause()), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new DsmException("cannot instantiate " + className + ": " + e, e);
        }
    }
}

package org.jdsm.runtime;

/**
 * The classes of the objects registered as shared in this JVM so far, by any node. Instrumented
 * code asks here first: an object of any other class cannot be shared, so its check ends without
 * looking up the thread's pool (LU's index helpers read fields of a private object on every call).
 * The set only grows (a class stays in it after its job ends), which only costs a slower check.
 */
public final class SharedClasses {

    private static final ClassSet CLASSES = new ClassSet();

    private SharedClasses() {
    }

    /** False if {@code obj} is null or no object of its class was ever registered in this JVM. */
    public static boolean mayBeShared(Object obj) {
        return obj != null && CLASSES.contains(obj.getClass());
    }

    /** Called for every registration, before the object can be used as shared. */
    public static void add(Class<?> c) {
        CLASSES.add(c);
    }
}

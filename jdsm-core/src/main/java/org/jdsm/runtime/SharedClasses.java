package org.jdsm.runtime;

import java.util.Arrays;

/**
 * The classes of the objects registered as shared in this JVM so far, by any node. Instrumented
 * code asks here first: an object of any other class cannot be shared, so its check ends without
 * looking up the thread's pool (LU's index helpers read fields of a private object on every call).
 * The set only grows (a class stays in it after its job ends), which only costs a slower check.
 */
public final class SharedClasses {

    private static volatile Class<?>[] classes = new Class<?>[0];

    private SharedClasses() {
    }

    /** False if {@code obj} is null or no object of its class was ever registered in this JVM. */
    public static boolean mayBeShared(Object obj) {
        return obj != null && contains(obj.getClass());
    }

    /** Called for every registration, before the object can be used as shared. */
    public static synchronized void add(Class<?> c) {
        if (!contains(c)) {
            Class<?>[] more = Arrays.copyOf(classes, classes.length + 1);
            more[classes.length] = c;
            classes = more;
        }
    }

    private static boolean contains(Class<?> c) {
        for (Class<?> k : classes) {
            if (k == c) {
                return true;
            }
        }
        return false;
    }
}

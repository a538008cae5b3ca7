package org.jdsm.runtime;

import java.util.Arrays;

/**
 * A set of classes that only grows, read without a lock on every instrumented check: a copy on
 * write of a short array, compared by identity.
 */
final class ClassSet {

    private volatile Class<?>[] classes = new Class<?>[0];

    /** True if {@code c} was added. */
    boolean contains(Class<?> c) {
        for (Class<?> k : classes) {
            if (k == c) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code c} (cheap if it is in already). */
    void add(Class<?> c) {
        if (contains(c)) {
            return;
        }
        synchronized (this) {
            if (!contains(c)) {
                Class<?>[] more = Arrays.copyOf(classes, classes.length + 1);
                more[classes.length] = c;
                classes = more;
            }
        }
    }
}

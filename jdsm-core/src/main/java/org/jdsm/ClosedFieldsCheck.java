package org.jdsm;

import java.lang.reflect.Field;
import org.jdsm.content.ObjectFields;

/**
 * Refuses, at {@code register(obj)}, a single shared object whose fields reflection may not open:
 * an instance of a JDK class ({@code ArrayList}, {@code AtomicLong}, {@code Integer}) or of a class
 * extending one. A fetched copy is written into such an object field by field, so it could never be
 * shared; before, the failure was an {@code IllegalArgumentException} with a stack trace.
 */
final class ClosedFieldsCheck {

    private ClosedFieldsCheck() {
    }

    /** Fails naming the class, the closed field and what to share instead; returns if every field opens. */
    static void check(Class<?> type) {
        Field closed = ObjectFields.firstClosedField(type);
        if (closed == null) {
            return;
        }
        Class<?> owner = closed.getDeclaringClass();
        String what = owner == type
                ? "an instance of " + kind(owner) + " " + owner.getName()
                : "an instance of a class extending " + kind(owner) + " " + owner.getName();
        String instead = owner == type
                ? "hold its content in a field of a class of your own and register that object (a JDK list, map,"
                        + " set or value in such a field is shared; a count is a long field written under acquire/release"
                        + " or a lock)"
                : "hold the " + owner.getSimpleName() + " in a field of your class instead of extending it";
        throw new DsmException("register(" + type.getName() + "): " + what + " cannot be a single shared object,"
                + " since a fetched copy is written into the registered object field by field and field "
                + owner.getName() + "." + closed.getName() + " is closed to reflection (module "
                + owner.getModule().getName() + " does not open package " + owner.getPackageName() + "); "
                + instead + ", or share the values as elements of an array with register(array, blockLength)");
    }

    private static String kind(Class<?> owner) {
        String module = String.valueOf(owner.getModule().getName());
        return module.startsWith("java.") || module.startsWith("jdk.") ? "the JDK class" : "the class";
    }
}

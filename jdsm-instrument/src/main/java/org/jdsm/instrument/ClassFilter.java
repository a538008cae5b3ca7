package org.jdsm.instrument;

import java.util.List;

/**
 * Which classes are user code, by name: everything outside the JDK, Javassist and JDSM itself
 * (JDSM's samples are user code). Instrumenting JDSM or a library it calls back into would put
 * checks inside the DSM runtime.
 */
public final class ClassFilter {

    private static final List<String> SYSTEM_PREFIXES = List.of(
            "java.", "javax.", "jdk.", "sun.", "com.sun.", "javassist.", "org.jdsm.");
    private static final String USER_PREFIX_IN_JDSM = "org.jdsm.samples.";

    private ClassFilter() {
    }

    /** True if {@code className} (dotted or with slashes) is a user class to rewrite. */
    public static boolean isUserClass(String className) {
        String name = className.replace('/', '.');
        if (name.startsWith(USER_PREFIX_IN_JDSM)) {
            return true;
        }
        for (String prefix : SYSTEM_PREFIXES) {
            if (name.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }
}

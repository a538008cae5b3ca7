package org.jdsm.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Rewrites the job's classes as they load: classes that pass {@link ClassFilter} and are defined
 * by a class loader of their own (JDSM loads a job through one; the JDK, JDSM and its libraries
 * come from the bootstrap, platform and system loaders and are left alone).
 *
 * <p>A class that cannot be rewritten stops the JVM with a message naming the class and method:
 * the JVM would otherwise load it unchanged, and unchecked accesses would break the consistency
 * contract silently. The launcher reports the node's exit and this message.
 */
final class AgentTransformer implements ClassFileTransformer {

    /** Exit status of a node JVM stopped because a class could not be instrumented (the launcher's "failed"). */
    static final int EXIT_UNINSTRUMENTABLE = 1;

    private final Map<ClassLoader, Rewriter> rewriters = new WeakHashMap<>();

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classFile) {
        if (className == null || redefined != null || !isJobLoader(loader) || !ClassFilter.isUserClass(className)) {
            return null;
        }
        try {
            return rewriter(loader).rewrite(classFile);
        } catch (RewriteException | RuntimeException | LinkageError e) {
            System.err.println("jdsm-instrument: " + e.getMessage() + " -- stopping this node");
            System.err.flush();
            Runtime.getRuntime().halt(EXIT_UNINSTRUMENTABLE);
            return null;
        }
    }

    private static boolean isJobLoader(ClassLoader loader) {
        return loader != null && loader != ClassLoader.getPlatformClassLoader() && loader != ClassLoader.getSystemClassLoader();
    }

    private synchronized Rewriter rewriter(ClassLoader loader) {
        return rewriters.computeIfAbsent(loader, Rewriter::forLoader);
    }
}

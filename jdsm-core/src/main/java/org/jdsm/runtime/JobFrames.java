package org.jdsm.runtime;

/** Telling a job's stack frames from JDSM's own, and naming a frame as the job's author reads it. */
public final class JobFrames {

    private static final String API_PACKAGE = "org.jdsm";

    private JobFrames() {
    }

    /** True for a class of the public API package {@code org.jdsm} itself (not of its subpackages). */
    public static boolean isApi(String className) {
        return className.startsWith(API_PACKAGE + ".") && className.lastIndexOf('.') == API_PACKAGE.length();
    }

    /**
     * {@code Class.method(File.java:42)}, without the class loader's and module's names that
     * {@code StackTraceElement} puts first; {@code (Native Method)} or {@code (Unknown Source)} as it says them.
     */
    public static String where(StackTraceElement frame) {
        String source = frame.isNativeMethod() ? "Native Method"
                : frame.getFileName() == null ? "Unknown Source"
                : frame.getLineNumber() >= 0 ? frame.getFileName() + ":" + frame.getLineNumber()
                : frame.getFileName();
        return frame.getClassName() + "." + frame.getMethodName() + "(" + source + ")";
    }
}

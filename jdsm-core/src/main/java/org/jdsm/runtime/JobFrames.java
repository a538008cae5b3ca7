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

    /** {@code Class.method(File.java:42)}, without the class loader's name {@code StackTraceElement} puts first. */
    public static String where(StackTraceElement frame) {
        return frame.getClassName() + "." + frame.getMethodName() + "(" + frame.getFileName() + ":"
                + frame.getLineNumber() + ")";
    }
}

package org.jdsm.comm.ucx;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.jdsm.comm.CommException;

/**
 * Loads the JNI shim {@code libjdsmucx} once per JVM, from the first of: the file named by system
 * property {@value #PATH_PROPERTY}, else by environment variable {@value #PATH_ENV} (which
 * {@code jdsm run} hands to every node JVM); {@code java.library.path}; the copy packaged in this jar under
 * {@code native/linux-<arch>/} (extracted to a temporary file, deleted once loaded). UCX itself
 * ({@code libucp}) comes from the system. Where any of it is missing, {@link #require} fails with
 * one message that says what to install or build, or to use another comm.
 */
public final class UcxLibrary {

    /** System property: path of a libjdsmucx.so to load instead of the packaged one. */
    public static final String PATH_PROPERTY = "jdsm.ucx.library";
    /** Environment variable: the same for a launcher and every node JVM it starts. */
    public static final String PATH_ENV = "JDSM_UCX_LIBRARY";

    /** The command that rebuilds the shim against the UCX at hand (run from the repository root). */
    public static final String BUILD_COMMAND = "gcc -O2 -shared -fPIC -I\"$JAVA_HOME/include\""
            + " -I\"$JAVA_HOME/include/linux\" jdsm-comm/src/main/native/jdsm_ucx.c -o libjdsmucx.so -lucp -lucs";

    private static final String NAME = "jdsmucx";
    private static final String PREFIX = "UcxComm is unavailable: ";
    private static final String REBUILD = " Build the shim against this machine's UCX (needs gcc and libucx-dev): "
            + BUILD_COMMAND + ", then run with " + PATH_ENV + "=/path/to/libjdsmucx.so in the environment (or -D"
            + PATH_PROPERTY + "=...; see jdsm-comm/UCX.md).";
    private static final String ALTERNATIVE = " Or select another comm: --comm netty (jdsm.comm=netty).";
    private static final String FAILURE = load();

    private UcxLibrary() {
    }

    /** True if the shim and libucp loaded. */
    public static boolean isAvailable() {
        return FAILURE == null;
    }

    /** Why UcxComm cannot run here and what to do about it; null if it can. */
    public static String unavailableReason() {
        return FAILURE;
    }

    /** The libucp version in use, e.g. 1.13.1. */
    public static String ucxVersion() {
        require();
        return UcxNative.version();
    }

    /** Throws a {@link CommException} with {@link #unavailableReason} unless the shim is loaded. */
    public static void require() {
        if (FAILURE != null) {
            throw new CommException(FAILURE);
        }
    }

    /** The packaged shim's resource path for this platform. */
    static String resource() {
        return "/native/" + platform() + "/lib" + NAME + ".so";
    }

    /** E.g. linux-amd64: the directory the Maven profile puts the shim in. */
    private static String platform() {
        return System.getProperty("os.name").toLowerCase(Locale.ROOT).replace(" ", "") + "-"
                + System.getProperty("os.arch");
    }

    /** Loads the shim; returns null, or the one message that explains the failure. */
    private static String load() {
        try {
            String path = System.getProperty(PATH_PROPERTY, System.getenv(PATH_ENV));
            if (path != null && !path.isEmpty()) {
                System.load(Path.of(path).toAbsolutePath().toString());
            } else if (!loadFromLibraryPath() && !loadPackaged()) {
                return PREFIX + "this build of jdsm-comm has no UCX shim for " + platform() + " (Maven builds it"
                        + " only where /usr/include/ucp/api/ucp.h exists: apt-get install libucx-dev)."
                        + REBUILD + ALTERNATIVE;
            }
            UcxNative.version(); // fails if JNI_OnLoad could not bind the natives
            return null;
        } catch (UnsatisfiedLinkError | IOException e) {
            return explain(e);
        }
    }

    private static boolean loadFromLibraryPath() {
        try {
            System.loadLibrary(NAME);
            return true;
        } catch (UnsatisfiedLinkError e) {
            if (String.valueOf(e.getMessage()).startsWith("no " + NAME + " in")) {
                return false; // not there: try the packaged copy
            }
            throw e;
        }
    }

    /** Loads the copy packaged in the jar; false if there is none. */
    private static boolean loadPackaged() throws IOException {
        try (InputStream in = UcxLibrary.class.getResourceAsStream(resource())) {
            if (in == null) {
                return false;
            }
            Path file = Files.createTempFile("lib" + NAME, ".so");
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toString());
            } finally {
                Files.deleteIfExists(file); // the loaded mapping stays valid
            }
            return true;
        }
    }

    /** The message for a failed load: what is missing and what to do. */
    static String explain(Throwable e) {
        String detail = String.valueOf(e.getMessage());
        if (detail.matches("(?s).*lib(ucp|ucs|uct|ucm)\\.so[.0-9]*: cannot open shared object file.*")) {
            return PREFIX + "UCX is not installed (" + detail + "). Install it: apt-get install libucx0"
                    + " (or load your cluster's UCX module)." + ALTERNATIVE;
        }
        if (detail.contains("undefined symbol")) {
            return PREFIX + "the shim was built against another UCX (" + detail + ")." + REBUILD + ALTERNATIVE;
        }
        return PREFIX + "cannot load the UCX shim (" + detail + ")." + REBUILD + ALTERNATIVE;
    }
}

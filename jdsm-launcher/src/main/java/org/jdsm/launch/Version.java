package org.jdsm.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import org.jdsm.comm.Comms;
import org.jdsm.runtime.Pools;
import picocli.CommandLine.IVersionProvider;

/** The JDSM version of this build, and what it runs on. */
public final class Version implements IVersionProvider {

    /** The version Maven filtered into {@code version.properties}. */
    public static String jdsm() {
        Properties props = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                props.load(in);
            }
        } catch (IOException e) {
            // A broken build; the version is then unknown, which the output says.
        }
        return props.getProperty("version", "unknown");
    }

    /** What {@code jdsm version} prints: versions, and the modules found on the class path. */
    static List<String> lines() {
        return List.of(
                "jdsm " + jdsm(),
                "java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ", "
                        + System.getProperty("java.home") + ")",
                "comm modules: " + String.join(", ", Comms.available()),
                "protocols: " + String.join(", ", Pools.available()));
    }

    @Override
    public String[] getVersion() {
        return lines().toArray(new String[0]);
    }
}

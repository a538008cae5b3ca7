package org.jdsm.launch.submit;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.jdsm.launch.LaunchException;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Defaults for the cluster options of {@code submit}, {@code status} and {@code kill}, so that a
 * user says once where the cluster is. For option {@code --known-hosts}: the environment variable
 * {@code JDSM_KNOWN_HOSTS}, else the line {@code known-hosts=...} of the config file
 * ({@code --config FILE}, else {@code $JDSM_CONFIG}, else {@code ~/.jdsm/config}); the command
 * line beats both. A leading {@code ~/} in a local path means the home directory.
 */
public final class ConfigDefaults implements IDefaultValueProvider {

    /** The options that may come from the environment or the config file. */
    static final Set<String> KEYS = Set.of("cluster", "identity", "known-hosts", "hosts", "remote-dir", "remote-java",
            "node-ssh-config", "gateway-address");
    /** The options whose values are paths on this machine. */
    private static final Set<String> LOCAL_PATHS = Set.of("identity", "known-hosts", "hosts");
    private static final String CONFIG_OPTION = "--config";

    private final Map<String, String> env;
    private final Properties file;

    private ConfigDefaults(Map<String, String> env, Properties file) {
        this.env = Map.copyOf(env);
        this.file = file;
    }

    /** No defaults: for tests that must not depend on the machine. */
    public static ConfigDefaults none() {
        return new ConfigDefaults(Map.of(), new Properties());
    }

    /**
     * The defaults for a command line: the config file is named by {@code --config} among
     * {@code args} (read before parsing, since it supplies the other options' defaults).
     *
     * @throws LaunchException if a config file named explicitly cannot be read
     */
    public static ConfigDefaults load(String[] args, Map<String, String> env) {
        String named = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(CONFIG_OPTION) && i + 1 < args.length) {
                named = args[i + 1];
            } else if (args[i].startsWith(CONFIG_OPTION + "=")) {
                named = args[i].substring(CONFIG_OPTION.length() + 1);
            }
        }
        if (named == null) {
            named = env.get("JDSM_CONFIG");
        }
        Path path = named != null ? Path.of(home(named)) : Path.of(System.getProperty("user.home"), ".jdsm", "config");
        Properties file = new Properties();
        if (named != null || Files.exists(path)) {
            try (Reader reader = Files.newBufferedReader(path)) {
                file.load(reader);
            } catch (IOException e) {
                throw new LaunchException("cannot read the config file " + path + ": " + e.getMessage(), e);
            }
        }
        return new ConfigDefaults(env, file);
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) {
            return null;
        }
        String key = option.longestName().replaceFirst("^--", "");
        if (!KEYS.contains(key)) {
            return null;
        }
        String value = env.getOrDefault("JDSM_" + key.toUpperCase().replace('-', '_'), file.getProperty(key));
        return value != null && LOCAL_PATHS.contains(key) ? home(value.strip()) : value == null ? null : value.strip();
    }

    private static String home(String path) {
        return path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path;
    }
}

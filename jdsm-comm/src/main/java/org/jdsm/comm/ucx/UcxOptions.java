package org.jdsm.comm.ucx;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;

/**
 * UcxComm's options, checked once at init: each is read from {@link CommConfig#option}, else from
 * the system property of the same name prefixed with {@code jdsm.} (e.g.
 * {@code -Djdsm.ucx.progress=poll}, which a launcher can pass to every node JVM), else defaults.
 *
 * @param poll              {@code ucx.progress=poll}: the progress thread spins; {@code wait} (default)
 *                          spins {@code ucx.spinMicros} after the last work, then sleeps on UCX's event fd
 * @param spinNanos         {@code ucx.spinMicros} (default 50) in nanoseconds
 * @param peerErrorHandling {@code ucx.errorHandling}: {@code peer}, {@code none}, or {@code auto}
 *                          (default: peer unless the transports may include shared memory, which
 *                          cannot do peer error handling in UCX 1.13)
 * @param port              {@code ucx.port}: TCP port of the bootstrap listener (default 0: any)
 * @param advertiseHost     {@code ucx.advertiseHost}: host other nodes dial (default: the bind host)
 * @param handshakeMillis   {@code ucx.handshakeTimeoutMs}: time an accepted connection has to authenticate
 * @param ucxConfig         every {@code ucx.config.NAME=VALUE} (system property {@code jdsm.ucx.config.NAME}
 *                          unless an option sets it): UCX setting NAME (as in UCX_NAME), e.g.
 *                          {@code ucx.config.TLS=tcp}; overrides the environment variable
 */
record UcxOptions(boolean poll, long spinNanos, boolean peerErrorHandling, int port, String advertiseHost,
                  int handshakeMillis, Map<String, String> ucxConfig) {

    static final String CONFIG_PREFIX = "ucx.config.";
    private static final Set<String> SHARED_MEMORY = Set.of("all", "sm", "shm", "mm", "posix", "sysv", "cma",
            "knem", "xpmem");

    static UcxOptions from(CommConfig config) {
        return from(config.options(), config.bindHost());
    }

    /** The options given as CommConfig {@code options}, for a node bound to {@code bindHost}. */
    static UcxOptions from(Map<String, String> options, String bindHost) {
        Map<String, String> ucx = new LinkedHashMap<>();
        String property = "jdsm." + CONFIG_PREFIX;
        System.getProperties().stringPropertyNames().stream().filter(key -> key.startsWith(property))
                .forEach(key -> ucx.put(key.substring(property.length()), System.getProperty(key)));
        options.forEach((key, value) -> {
            if (key.startsWith(CONFIG_PREFIX)) {
                ucx.put(key.substring(CONFIG_PREFIX.length()), value);
            }
        });
        String progress = option(options, "ucx.progress", "wait");
        if (!progress.equals("poll") && !progress.equals("wait")) {
            throw new CommException("option ucx.progress must be poll or wait, not '" + progress + "'");
        }
        String tls = ucx.getOrDefault("TLS", System.getenv("UCX_TLS"));
        return new UcxOptions(progress.equals("poll"), intOption(options, "ucx.spinMicros", 50) * 1000L,
                errorHandling(option(options, "ucx.errorHandling", "auto"), tls), intOption(options, "ucx.port", 0),
                option(options, "ucx.advertiseHost", bindHost),
                intOption(options, "ucx.handshakeTimeoutMs", 10_000), Map.copyOf(ucx));
    }

    /**
     * Where this node's UCX transports come from, for an error: the {@code TLS} setting or
     * {@code UCX_TLS} with its value, or that neither is set; and how to list the transports here.
     */
    String transportsNote() {
        String tls = ucxConfig.get("TLS");
        String from = tls != null ? "the transports come from ucx.config.TLS=" + tls
                : System.getenv("UCX_TLS") != null ? "the transports come from UCX_TLS=" + System.getenv("UCX_TLS")
                : "UCX_TLS is not set (UCX tries every transport)";
        return from + "; ucx_info -d lists those this machine has";
    }

    /** True if UCX may pick a shared-memory transport with this UCX_TLS value (null: UCX's default, all). */
    static boolean mayUseSharedMemory(String tls) {
        if (tls == null || tls.isBlank() || tls.startsWith("^")) {
            return true;
        }
        for (String name : tls.split(",")) {
            if (SHARED_MEMORY.contains(name.trim().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    private static boolean errorHandling(String mode, String tls) {
        return switch (mode) {
            case "peer" -> true;
            case "none" -> false;
            case "auto" -> !mayUseSharedMemory(tls);
            default -> throw new CommException("option ucx.errorHandling must be auto, peer or none, not '"
                    + mode + "'");
        };
    }

    private static String option(Map<String, String> options, String key, String fallback) {
        return options.getOrDefault(key, System.getProperty("jdsm." + key, fallback));
    }

    private static int intOption(Map<String, String> options, String key, int fallback) {
        String value = option(options, key, Integer.toString(fallback));
        try {
            int parsed = Integer.parseInt(value);
            if (parsed < 0) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new CommException("option " + key + " must be a non-negative integer, not '" + value + "'");
        }
    }
}

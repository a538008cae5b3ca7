package org.jdsm.launch;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.jdsm.comm.NodeAddress;

/**
 * The environment variables that hand a node JVM its secrets. The environment of a process is
 * readable only by its owner (unlike its command line), so the job secret never appears in
 * {@code ps}.
 */
public final class NodeEnv {

    /** The job secret, base64. */
    public static final String SECRET = "JDSM_SECRET";
    /** The rendezvous server as {@code host:port}. */
    public static final String RENDEZVOUS = "JDSM_RENDEZVOUS";

    private static final int SECRET_BYTES = 32;

    private NodeEnv() {
    }

    /** A fresh random secret for one job. */
    public static byte[] newSecret() {
        byte[] secret = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        return secret;
    }

    /** Puts the secret and rendezvous address into a child's environment. */
    public static void put(Map<String, String> env, byte[] secret, NodeAddress rendezvous) {
        env.put(SECRET, Base64.getEncoder().encodeToString(secret));
        env.put(RENDEZVOUS, rendezvous.toString());
    }

    /** The job secret from {@code env}. */
    public static byte[] secret(Map<String, String> env) {
        try {
            return Base64.getDecoder().decode(required(env, SECRET));
        } catch (IllegalArgumentException e) {
            throw new LaunchException(SECRET + " is not base64", e);
        }
    }

    /** The rendezvous server's address from {@code env}. */
    public static NodeAddress rendezvous(Map<String, String> env) {
        try {
            return NodeAddress.parse(required(env, RENDEZVOUS));
        } catch (IllegalArgumentException e) {
            throw new LaunchException(RENDEZVOUS + ": " + e.getMessage(), e);
        }
    }

    private static String required(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isEmpty()) {
            throw new LaunchException("environment variable " + name + " is not set (node JVMs are started by jdsm)");
        }
        return value;
    }
}

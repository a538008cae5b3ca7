package org.jdsm.launch.submit;

import com.jcraft.jsch.JSchChangedHostKeyException;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.JSchUnknownHostKeyException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import org.jdsm.launch.LaunchException;

/** Turns JSch's failures to connect into messages that say what is wrong and what to do. */
final class SshErrors {

    private SshErrors() {
    }

    /**
     * @param offered   the gateway's host key as "TYPE FINGERPRINT", or null if the connection did not get that far
     * @param sealedKey a key file that needs a passphrase which no one was asked for (no terminal), or null
     */
    static LaunchException explain(JSchException e, GatewayTarget target, Path knownHosts, String offered, String sealedKey) {
        String where = target.host() + ":" + target.port();
        String message = String.valueOf(e.getMessage());
        // JSch throws its typed exceptions or plain ones with these messages, depending on the path taken.
        if (e instanceof JSchChangedHostKeyException || message.startsWith("HostKey has been changed")) {
            return new LaunchException("HOST KEY MISMATCH for " + where + ": the gateway's key differs from the one in "
                    + knownHosts + ". Someone may be intercepting the connection, or the gateway was reinstalled; "
                    + "not connecting. Ask the administrator for the right key before changing " + knownHosts + ".", e);
        }
        if (e instanceof JSchUnknownHostKeyException || message.startsWith("reject HostKey")) {
            return new LaunchException("unknown host key: " + where + " is not in " + knownHosts
                    + (offered == null ? "" : " (it offers " + offered + ")") + ". Check the fingerprint with the "
                    + "administrator, then add it, e.g. with: ssh-keyscan -p " + target.port() + " " + target.host()
                    + " >> " + knownHosts, e);
        }
        Throwable cause = e.getCause();
        if (cause instanceof UnknownHostException) {
            return new LaunchException("unknown gateway host " + target.host(), e);
        }
        // Refused, no route, network unreachable: all SocketExceptions from connect().
        if (cause instanceof SocketException || cause instanceof SocketTimeoutException || message.contains("timeout")) {
            return new LaunchException("cannot reach the gateway " + where + ": "
                    + (cause != null ? cause.getMessage() : e.getMessage()), e);
        }
        if (message.startsWith("Auth fail")) {
            return new LaunchException("authentication failed for " + target.user() + "@" + target.host()
                    + ": the gateway accepted none of the keys offered (--identity, ~/.ssh/id_*, ssh-agent)", e);
        }
        // JSch's word for a key it could not decrypt: no passphrase (no terminal to ask at) or a wrong one.
        if (message.startsWith("USERAUTH fail") && sealedKey != null) {
            return new LaunchException("authentication failed for " + target.user() + "@" + target.host() + ": the key "
                    + sealedKey + " needs its passphrase and there is no terminal to ask for it; add it to the ssh-agent "
                    + "(ssh-add " + sealedKey + ") or run jdsm at a terminal", e);
        }
        return new LaunchException("ssh to " + where + " failed: " + message, e);
    }
}

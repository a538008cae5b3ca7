package org.jdsm.launch;

/**
 * A host with an optional {@code :N} after it, as hostfiles ({@code host:slots}) and
 * {@code --cluster} ({@code host:port}) write them: {@code host}, {@code host:N}, a bare IPv6
 * address (whose colons are its own), or {@code [IPv6]:N}.
 *
 * @param host   the host name or address, without brackets
 * @param suffix what follows the host's {@code :}, or null if nothing does
 */
public record HostSuffix(String host, String suffix) {

    /** Splits {@code text}; a malformed bracket is left in the host, for the caller's check of the host to refuse. */
    public static HostSuffix parse(String text) {
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            String rest = close < 0 ? "" : text.substring(close + 1);
            if (close > 0 && (rest.isEmpty() || rest.startsWith(":"))) {
                return new HostSuffix(text.substring(1, close), rest.isEmpty() ? null : rest.substring(1));
            }
            return new HostSuffix(text, null);
        }
        int colon = text.lastIndexOf(':');
        if (colon < 0 || text.indexOf(':') != colon) {
            return new HostSuffix(text, null);
        }
        return new HostSuffix(text.substring(0, colon), text.substring(colon + 1));
    }

    /** True if the host has brackets left in it (a malformed {@code [IPv6]} form). */
    public boolean hasStrayBracket() {
        return host.indexOf('[') >= 0 || host.indexOf(']') >= 0;
    }
}

package org.jdsm.launch.cluster;

import java.util.List;
import java.util.stream.Collectors;

/**
 * POSIX shell commands that the submit machinery runs on the gateway and on the nodes: quoting,
 * and the small scripts of the runtime cache and the job registry. One place, so that the client
 * (over JSch) and the manager (over ssh or srun) run exactly the same commands.
 */
public final class Shell {

    private Shell() {
    }

    /** {@code word} as one shell word, taken literally. */
    public static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** A path as a shell word; a leading {@code ~/} stays the remote user's home. */
    public static String path(String path) {
        if (path.equals("~")) {
            return "\"$HOME\"";
        }
        return path.startsWith("~/") ? "\"$HOME\"/" + quote(path.substring(2)) : quote(path);
    }

    /** A command line of words, each quoted. */
    public static String words(List<String> words) {
        return words.stream().map(Shell::quote).collect(Collectors.joining(" "));
    }

    /**
     * Exits 0 if {@code file} exists and holds {@code size} bytes, 1 if not: a cached copy cut short
     * (a full disk, an older JDSM's interrupted upload) counts as missing and is stored again.
     */
    public static String exists(String file, long size) {
        // wc's count unquoted: BSD wc pads it with blanks.
        return "test -f " + path(file) + " && test $(wc -c < " + path(file) + ") -eq " + size;
    }

    /**
     * Stores stdin as {@code dir/name} if it brings exactly {@code size} bytes: written beside it and
     * renamed, so that concurrent uploads and readers never see half a file. An upload cut short
     * (Ctrl-C, a lost connection) ends cat's input like a complete one; the count keeps it out of the cache.
     */
    public static String store(String dir, String name, long size) {
        String part = path(dir) + "/" + quote(name) + ".part.$$";
        return "mkdir -p " + path(dir) + " && cat > " + part + " && test $(wc -c < " + part + ") -eq " + size
                + " && mv -f " + part + " " + path(dir) + "/" + quote(name) + " || { s=$?; rm -f " + part + "; exit $s; }";
    }
}

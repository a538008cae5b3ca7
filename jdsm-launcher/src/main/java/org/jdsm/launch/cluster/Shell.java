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

    /** Exits 0 if {@code file} exists, 1 if not. */
    public static String exists(String file) {
        return "test -f " + path(file);
    }

    /**
     * Stores stdin as {@code dir/name}: written beside it and renamed, so that concurrent uploads
     * and readers never see half a file.
     */
    public static String store(String dir, String name) {
        String part = path(dir) + "/" + quote(name) + ".part.$$";
        return "mkdir -p " + path(dir) + " && cat > " + part + " && mv -f " + part + " " + path(dir) + "/" + quote(name);
    }
}

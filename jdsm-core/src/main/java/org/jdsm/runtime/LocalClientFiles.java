package org.jdsm.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@link ClientFiles} served from this machine's file system. Relative paths resolve against a base
 * directory; unless paths outside it are allowed, an absolute path, a {@code ..} or a symbolic link
 * that leads out of the base is refused, so that a job can touch only the directory the user
 * submitted from.
 */
public final class LocalClientFiles implements ClientFiles {

    private final Path base;
    private final boolean anyPath;

    /**
     * @param base    the directory relative paths resolve against
     * @param anyPath allow absolute paths and paths that lead out of {@code base}
     */
    public LocalClientFiles(Path base, boolean anyPath) {
        this.base = base.toAbsolutePath().normalize();
        this.anyPath = anyPath;
    }

    /**
     * What a node on the client's own machine ({@code jdsm run}, in-JVM jobs) uses: the working
     * directory, any path (the job runs as the user on the user's machine anyway).
     */
    public static LocalClientFiles workingDirectory() {
        return new LocalClientFiles(Path.of(""), true);
    }

    @Override
    public byte[] read(String path) throws IOException {
        Path file = resolve(path);
        confine(path, file.toRealPath());
        return Files.readAllBytes(file);
    }

    @Override
    public void write(String path, byte[] data) throws IOException {
        Path file = resolve(path);
        Path parent = file.getParent();
        confine(path, parent.toRealPath().resolve(file.getFileName()));
        FileReplacement.write(file, out -> out.write(data));
    }

    private Path resolve(String path) throws IOException {
        if (path == null || path.isEmpty()) {
            throw new IOException("empty file name");
        }
        Path given = Path.of(path);
        if (given.isAbsolute() && !anyPath) {
            throw new IOException(refusal(path));
        }
        return base.resolve(given).normalize();
    }

    /** Refuses {@code real} (symbolic links resolved) unless it lies inside the base directory. */
    private void confine(String path, Path real) throws IOException {
        if (!anyPath && !real.startsWith(base.toRealPath())) {
            throw new IOException(refusal(path));
        }
    }

    private String refusal(String path) {
        return path + " is outside " + base + " (the directory the job was submitted from); "
                + "submit with --allow-any-path to allow it";
    }
}

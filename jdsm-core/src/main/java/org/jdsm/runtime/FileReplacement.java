package org.jdsm.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.UUID;

/**
 * Writes a file so that readers never see half of it: beside it first, then renamed over it. Not
 * through a temp file: those are private (0600), where a new file should get the mode any new file
 * gets there (0666 less the umask) and a replaced one keep its own.
 */
public final class FileReplacement {

    /** Writes the content of a file to {@code out}. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private FileReplacement() {
    }

    /** Replaces (or creates) {@code file} with what {@code content} writes; on failure the file is as it was. */
    public static void write(Path file, Content content) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path part = absolute.getParent().resolve("." + absolute.getFileName() + "." + UUID.randomUUID() + ".jdsm-part");
        try {
            try (OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            if (Files.exists(absolute) && Files.getFileStore(part).supportsFileAttributeView(PosixFileAttributeView.class)) {
                Files.setPosixFilePermissions(part, Files.getPosixFilePermissions(absolute));
            }
            Files.move(part, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(part);
        }
    }
}

package org.jdsm.launch.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The job's jars on their way to the servers ({@link FrameType#JAR}): the job jar and the jars its
 * manifest {@code Class-Path} names, each at its path relative to a directory that holds them all.
 * A server writes them out in the same layout, so the job jar's {@code Class-Path} finds them there
 * as it did on the client.
 *
 * @param files every jar's relative path ('/'-separated) and bytes, the job jar first
 */
public record JobJars(Map<String, byte[]> files) {

    public JobJars {
        files = new LinkedHashMap<>(files);
    }

    /** Reads {@code jobJar} and {@code classPathJars} (absolute paths) into memory. */
    public static JobJars read(Path jobJar, List<Path> classPathJars) throws IOException {
        List<Path> all = new ArrayList<>(List.of(jobJar));
        all.addAll(classPathJars);
        Path base = jobJar.getParent();
        for (Path jar : classPathJars) {
            while (!jar.startsWith(base)) {
                base = base.getParent();
            }
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Path jar : all) {
            files.put(base.relativize(jar).toString().replace('\\', '/'), Files.readAllBytes(jar));
        }
        return new JobJars(files);
    }

    public byte[] encode() {
        return Payload.encode(w -> {
            w.integer(files.size());
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                w.string(file.getKey()).bytes(file.getValue());
            }
        });
    }

    public static JobJars decode(byte[] payload) throws IOException {
        Payload.Reader r = Payload.decode(payload);
        int count = r.integer();
        if (count < 1) {
            throw new IOException("garbled job jars: " + count + " files");
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            files.put(r.string(), r.bytes());
        }
        return new JobJars(files);
    }

    /**
     * Writes the jars under {@code dir} in their layout, each file and directory to be deleted when
     * the JVM exits; returns the job jar's path.
     */
    public Path writeTemporarily(Path dir) throws IOException {
        Path jobJar = null;
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Path target = dir.resolve(file.getKey()).normalize();
            if (!target.startsWith(dir) || target.equals(dir)) {
                throw new IOException("job jar path " + file.getKey() + " leaves " + dir);
            }
            createDirectories(dir, target.getParent());
            Files.write(target, file.getValue());
            target.toFile().deleteOnExit(); // registered after its directories, so deleted before them
            jobJar = jobJar == null ? target : jobJar;
        }
        return jobJar;
    }

    /** Creates {@code target} and the directories between it and {@code dir}, each deleted on exit. */
    private static void createDirectories(Path dir, Path target) throws IOException {
        Path relative = dir.relativize(target);
        Path current = dir;
        for (Path name : relative) {
            current = current.resolve(name);
            if (!Files.isDirectory(current)) {
                Files.createDirectory(current);
                current.toFile().deleteOnExit();
            }
        }
    }
}

package org.jdsm.launch.submit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.jdsm.launch.JdsmCli;
import org.jdsm.launch.LaunchException;
import org.jdsm.launch.cluster.Shell;

/**
 * Puts this JDSM runtime (the shaded jdsm.jar the client runs from) on the gateway as
 * {@code <remote dir>/cache/<sha256>.jar}, only when that exact jar is not there yet: a new
 * version is a new name, so a cached jar never needs checking again.
 */
final class RuntimeUpload {

    private RuntimeUpload() {
    }

    /** The runtime jar's path on the gateway, after uploading it if missing. */
    static String ensure(GatewaySession gateway, String remoteDir, PrintStream err) {
        Path jar = ownJar();
        String name = sha256(jar) + ".jar";
        String cache = remoteDir + "/cache";
        String remote = cache + "/" + name;
        long size = size(jar);
        GatewaySession.Result present = gateway.run(Shell.exists(remote, size));
        if (present.code() == 0) {
            return remote;
        }
        if (present.code() != 1) {
            throw new LaunchException("cannot check the runtime cache on " + gateway.target() + ": " + present.stderr().strip());
        }
        try (InputStream in = Files.newInputStream(jar)) {
            ProgressBar bar = new ProgressBar("jdsm: uploading the JDSM runtime to " + gateway.target().host(), size, err);
            GatewaySession.Result stored = gateway.run(Shell.store(cache, name, size), in, bar);
            if (stored.code() != 0) {
                throw new LaunchException("cannot store the runtime on " + gateway.target() + ": " + stored.stderr().strip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + jar, e);
        }
        return remote;
    }

    /** The jar this client runs from: {@code bin/jdsm} runs the shaded jdsm.jar. */
    static Path ownJar() {
        try {
            Path path = Path.of(JdsmCli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(path) || !path.toString().endsWith(".jar")) {
                throw new LaunchException("submit needs the shaded runtime jar (run bin/jdsm after mvn install), not " + path);
            }
            return path;
        } catch (URISyntaxException e) {
            throw new LaunchException("cannot locate the JDSM runtime jar: " + e.getMessage(), e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file, e);
        }
    }

    static String sha256(Path file) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}

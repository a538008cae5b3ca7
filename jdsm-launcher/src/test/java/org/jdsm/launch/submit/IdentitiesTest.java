package org.jdsm.launch.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.jcraft.jsch.JSch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jdsm.launch.LaunchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdentitiesTest {

    @TempDir
    Path dir;

    /** A newcomer's slip: the key's .pub given as --identity. It said "cannot use the key ...: invalid privatekey". */
    @Test
    void aPublicKeyGivenAsTheIdentityNamesThePrivateOne() throws IOException {
        Path pub = Files.writeString(dir.resolve("id_ed25519.pub"),
                "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJz5mT0kZ3YbzQ8c0k1o6Xo2mYw2Ywq3QbHc0s8rQ0lA alice@laptop\n");
        LaunchException e = assertThrows(LaunchException.class, () -> Identities.install(new JSch(), pub, null));
        assertEquals("the key " + pub + " is a public key; --identity takes the private key, " + dir.resolve("id_ed25519"),
                e.getMessage());
    }
}

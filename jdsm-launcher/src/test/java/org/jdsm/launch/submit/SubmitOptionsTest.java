package org.jdsm.launch.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jdsm.launch.LaunchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.OptionSpec;

class SubmitOptionsTest {

    @TempDir
    Path dir;

    @Test
    void gatewayTargetsParse() {
        assertEquals(new GatewayTarget("alice", "hpc.example.org", 22), GatewayTarget.parse("alice@hpc.example.org"));
        assertEquals(new GatewayTarget("bob", "10.0.0.1", 2222), GatewayTarget.parse("bob@10.0.0.1:2222"));
        assertEquals("[10.0.0.1]:2222", GatewayTarget.parse("bob@10.0.0.1:2222").knownHostsName());
        assertEquals(new GatewayTarget("carol", "fd00::1", 22), GatewayTarget.parse("carol@fd00::1"));
        assertEquals(new GatewayTarget("carol", "fd00::1", 2222), GatewayTarget.parse("carol@[fd00::1]:2222"));
        assertEquals("[fd00::1]:2222", GatewayTarget.parse("carol@[fd00::1]:2222").knownHostsName());
        assertThrows(LaunchException.class, () -> GatewayTarget.parse("carol@[fd00::1:2222"));
        assertThrows(LaunchException.class, () -> GatewayTarget.parse("bob@host:ssh"));
        assertThrows(LaunchException.class, () -> GatewayTarget.parse(null));
    }

    @Test
    void environmentBeatsTheConfigFileWhichTheOptionNames() throws IOException {
        Path config = Files.write(dir.resolve("config"), List.of("cluster=alice@a.example.org", "identity=~/.ssh/k",
                "nodes=5"));
        ConfigDefaults defaults = ConfigDefaults.load(new String[] {"submit", "--config", config.toString()},
                Map.of("JDSM_REMOTE_JAVA", "/opt/jdk/bin/java"));
        assertEquals("alice@a.example.org", defaults.defaultValue(option("--cluster")));
        assertEquals(System.getProperty("user.home") + "/.ssh/k", defaults.defaultValue(option("--identity")));
        assertEquals("/opt/jdk/bin/java", defaults.defaultValue(option("--remote-java")));
        assertNull(defaults.defaultValue(option("--nodes")), "only the cluster options come from the config");
        ConfigDefaults env = ConfigDefaults.load(new String[] {"--config=" + config},
                Map.of("JDSM_CLUSTER", "bob@b.example.org"));
        assertEquals("bob@b.example.org", env.defaultValue(option("--cluster")));
    }

    @Test
    void aConfigFileNamedButMissingIsAnError() {
        assertThrows(LaunchException.class, () -> ConfigDefaults.load(new String[] {"--config", dir.resolve("no").toString()},
                Map.of()));
    }

    private static OptionSpec option(String name) {
        return OptionSpec.builder(name).type(String.class).build();
    }
}

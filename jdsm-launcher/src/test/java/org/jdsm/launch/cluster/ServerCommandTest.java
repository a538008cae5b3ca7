package org.jdsm.launch.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jdsm.launch.NodeArgs;
import org.junit.jupiter.api.Test;

/**
 * The command the manager runs (over ssh or srun) to start a Server, as the remote shell splits it
 * into the JVM's words: {@code printf} stands in for {@code java}.
 */
class ServerCommandTest {

    private static final String RUNTIME = "~/.jdsm/cache/abc 1.jar";

    private static List<String> words(boolean instrument) throws IOException, InterruptedException {
        NodeArgs node = new NodeArgs(0, 2, 1, "lrc", "netty", "job-1", Path.of("job.jar"), "a.Job", false, -1, List.of());
        Hello hello = new Hello("1.0", new byte[] {1}, node, List.of("-Xmx1g"), instrument,
                new ClusterSpec(List.of("h1"), false, "java", "~/.jdsm", "", ""));
        String command = ClusterManager.serverCommand(hello, RUNTIME);
        assertTrue(command.startsWith("exec 'java' "), command);
        String echo = command.replaceFirst("^exec 'java' ", "printf '%s\\\\n' ");
        ProcessBuilder sh = new ProcessBuilder("sh", "-c", echo);
        sh.environment().put("HOME", "/home/al ice");
        Process p = sh.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return List.of(out.split("\n"));
    }

    @Test
    void instrumentedServersRunTheRuntimeJarAsTheirAgent() throws Exception {
        List<String> words = words(true);
        int agent = words.indexOf("-javaagent:/home/al ice/.jdsm/cache/abc 1.jar");
        int classPath = words.indexOf("-cp");
        assertTrue(agent >= 0 && agent < classPath, words.toString());
        assertEquals("/home/al ice/.jdsm/cache/abc 1.jar", words.get(classPath + 1));
        assertTrue(words.indexOf("-Xmx1g") >= 0 && words.indexOf("-Xmx1g") < classPath, words.toString());
        assertEquals(ClusterServer.class.getName(), words.get(words.size() - 1));
    }

    @Test
    void serversLogOneLinePerRecordThroughTheRemoteShell() throws Exception {
        assertTrue(words(false).contains("-Djava.util.logging.SimpleFormatter.format=%4$s: %5$s%6$s%n"),
                words(false).toString());
    }

    @Test
    void otherServersRunNoAgent() throws Exception {
        List<String> words = words(false);
        assertFalse(words.stream().anyMatch(w -> w.startsWith("-javaagent")), words.toString());
        assertEquals(ClusterServer.class.getName(), words.get(words.size() - 1));
    }
}

package org.jdsm.launch.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jdsm.launch.LaunchException;
import org.jdsm.launch.NodeExit;
import org.jdsm.launch.NodeLastWords;
import org.jdsm.launch.ProcessTrees;
import org.jdsm.launch.Supervised;

/**
 * The manager's handle on one server: the ssh (or srun) process that runs it on its node. Relays
 * the server's frames to the client, shows its raw stderr as the rank's, watches its heartbeat,
 * and says how it ended, in the server's own words or, if it died without a word, in
 * {@link RemoteDiagnosis}'s.
 */
final class RemoteServer implements Supervised {

    private static final int STDERR_TAIL = 8;

    private final int rank;
    private final String host;
    private final String remoteJava;
    private final Process process;
    private final FrameOutput toServer;
    private final FrameOutput toClient;
    private final Liveness liveness;
    private final Deque<String> stderrTail = new ArrayDeque<>();
    private final List<Thread> readers = new ArrayList<>();
    private volatile boolean connected;
    private volatile Integer reportedCode;
    /** From the job's stderr frames and the process's raw stderr (where a JVM out of memory writes). */
    private final NodeLastWords lastWords = new NodeLastWords();
    private volatile String silence;
    private volatile boolean killed;
    private final Runnable reap;

    private RemoteServer(int rank, String host, String remoteJava, Process process, FrameOutput toClient, Runnable reap) {
        this.rank = rank;
        this.reap = reap;
        this.host = host;
        this.remoteJava = remoteJava;
        this.process = process;
        this.toServer = new FrameOutput(process.getOutputStream());
        this.toClient = toClient;
        this.liveness = new Liveness("rank" + rank, toServer, this::silent);
        readers.add(daemon("frames", this::relayFrames));
        readers.add(daemon("stderr", this::relayStderr));
    }

    /**
     * Starts the server of {@code start.node().rank()} on {@code host} with {@code command} and sends
     * it its start frame and the encoded {@link JobJars}. {@code reap} runs if the server goes silent:
     * a hung or stopped JVM does not end with its ssh, so it must be killed on its host.
     */
    static RemoteServer start(String host, List<String> command, ServerStart start, byte[] jobJars, String remoteJava,
                              FrameOutput toClient, Runnable reap) {
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new LaunchException("cannot run " + command.get(0) + " on the gateway: " + e.getMessage(), e);
        }
        RemoteServer server = new RemoteServer(start.node().rank(), host, remoteJava, process, toClient, reap);
        try {
            server.toServer.send(FrameType.START, start.encode());
            server.toServer.send(FrameType.JAR, jobJars);
        } catch (IOException e) {
            // The process died at once; its exit and stderr tell why.
        }
        return server;
    }

    int rank() {
        return rank;
    }

    String host() {
        return host;
    }

    /** Passes a frame from the client on (stdin, a file reply). */
    void send(Frame frame) {
        toServer.trySend(frame.type(), frame.payload());
    }

    /** Tells the server to stop at once, for {@code reason}. */
    void abort(String reason) {
        toServer.trySend(FrameType.ABORT, Payload.text(reason));
    }

    @Override
    public CompletableFuture<Supervised> onExit() {
        return process.onExit().thenApply(p -> this);
    }

    @Override
    public void awaitOutput(long millis) throws InterruptedException {
        for (Thread reader : readers) {
            reader.join(millis);
        }
    }

    @Override
    public NodeExit exit() {
        liveness.close();
        if (silence != null) {
            // Killed for its silence: the failure is its own, not a bystander's.
            return new NodeExit(rank, host, process.exitValue(), NodeExit.Ending.UNANNOUNCED, "the Server on " + host
                    + " went silent (" + silence + "): its host is down or the network is cut");
        }
        if (killed) {
            return new NodeExit(rank, host, reportedCode != null ? reportedCode : process.exitValue(),
                    NodeExit.Ending.KILLED, lastWords.report(), lastWords.jvmShutDown());
        }
        if (reportedCode != null) {
            return new NodeExit(rank, host, reportedCode, NodeExit.Ending.ANNOUNCED, lastWords.report(), lastWords.jvmShutDown());
        }
        int code = process.exitValue();
        // Only a server that ran has words of its own; before that, its stderr is ssh's or the JVM's start-up.
        String own = connected ? lastWords.explain(code, NodeExit.Ending.UNANNOUNCED) : null;
        return new NodeExit(rank, host, code, NodeExit.Ending.UNANNOUNCED, own != null ? own
                : RemoteDiagnosis.explain("the Server", host, code, tail(), connected, remoteJava));
    }

    /** Kills the ssh process; the server, reading end of stream, ends itself. */
    @Override
    public void kill() {
        if (process.isAlive()) {
            killed = true;
            ProcessTrees.kill(process);
        }
    }

    private void silent(String howLong) {
        silence = howLong;
        kill();
        reap.run();
    }

    private void relayFrames() {
        try {
            FrameInput in = new FrameInput(process.getInputStream());
            for (Frame frame = in.read(); frame != null; frame = in.read()) {
                connected = true;
                liveness.heard();
                switch (frame.type()) {
                    // A client that reads slowly (or not, for a while) stalls the relay: not this server's silence.
                    case OUT, FILE_REQUEST, STDIN_CREDIT -> relay(frame);
                    case ERR -> {
                        relay(frame);
                        lastWords.note(Line.decode(frame.payload()).text());
                    }
                    case EXIT -> reportedCode = Exit.decode(frame.payload()).code();
                    default -> {
                        // BEAT: liveness only.
                    }
                }
            }
        } catch (IOException e) {
            // The process is gone or garbled its stream; its exit tells the rest.
        }
    }

    private void relay(Frame frame) throws IOException {
        liveness.delivering(() -> toClient.trySend(frame.type(), frame.payload()));
    }

    private void relayStderr() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (stderrTail) {
                    if (stderrTail.size() == STDERR_TAIL) {
                        stderrTail.removeFirst();
                    }
                    stderrTail.addLast(line);
                }
                lastWords.note(line);
                toClient.trySend(FrameType.ERR, new Line(rank, line).encode());
            }
        } catch (IOException e) {
            // The process is gone.
        }
    }

    private List<String> tail() {
        synchronized (stderrTail) {
            return List.copyOf(stderrTail);
        }
    }

    private Thread daemon(String what, Runnable body) {
        Thread thread = new Thread(body, "jdsm-rank" + rank + "-" + what);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}

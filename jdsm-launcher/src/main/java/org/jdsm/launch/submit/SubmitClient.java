package org.jdsm.launch.submit;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jdsm.launch.ExitCodes;
import org.jdsm.launch.LaunchException;
import org.jdsm.launch.cluster.Exit;
import org.jdsm.launch.cluster.FileReply;
import org.jdsm.launch.cluster.FileRequest;
import org.jdsm.launch.cluster.Frame;
import org.jdsm.launch.cluster.FrameInput;
import org.jdsm.launch.cluster.FrameOutput;
import org.jdsm.launch.cluster.FrameType;
import org.jdsm.launch.cluster.Hello;
import org.jdsm.launch.cluster.JobJars;
import org.jdsm.launch.cluster.Line;
import org.jdsm.launch.cluster.Liveness;
import org.jdsm.launch.cluster.Payload;
import org.jdsm.launch.cluster.RemoteDiagnosis;
import org.jdsm.launch.cluster.StdinCredit;
import org.jdsm.runtime.ClientFiles;

/**
 * The Client of the JDSM paper, for one job: starts the ClusterManager on an exec channel of the
 * gateway session, sends it the job and its jar, then prints every rank's lines with the rank in
 * front (as {@code jdsm run} does), feeds stdin to rank 0, serves the ranks' file requests, and
 * returns the job's exit code. Ctrl-C stops the job on the cluster before this JVM exits.
 */
final class SubmitClient {

    /** On Ctrl-C, how long to wait for the manager to confirm that the job is stopped. */
    private static final long INTERRUPT_WAIT_MILLIS = 4_500;
    private static final int CONNECT_TIMEOUT_MILLIS = 15_000;
    private static final int STDERR_TAIL = 8;

    private final GatewaySession gateway;
    private final PrintStream out;
    private final PrintStream err;
    private final ClientFiles files;
    private final ExecutorService fileServer = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "jdsm-client-files");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch finished = new CountDownLatch(1);
    private final List<String> managerStderr = new ArrayList<>();
    private volatile String lost;
    /** Stdin bytes rank 0 can take now ({@link StdinCredit}); guarded by itself. */
    private final long[] stdinCredit = new long[1];
    private String remoteJava = "java";

    SubmitClient(GatewaySession gateway, PrintStream out, PrintStream err, ClientFiles files) {
        this.gateway = gateway;
        this.out = out;
        this.err = err;
        this.files = files;
    }

    /** Runs the job: {@code managerCommand} on the gateway, fed {@code hello} and the encoded {@link JobJars}. */
    int run(String managerCommand, Hello hello, byte[] jobJars, InputStream stdin) {
        ChannelExec channel = gateway.start(managerCommand);
        remoteJava = hello.cluster().remoteJava();
        ShutdownHook hook = null;
        try {
            InputStream fromManager = channel.getInputStream();
            InputStream managerErr = channel.getErrStream();
            FrameOutput toManager = new FrameOutput(channel.getOutputStream());
            channel.connect(CONNECT_TIMEOUT_MILLIS);
            daemon("gateway-stderr", () -> copyManagerStderr(managerErr));
            // If the manager died at once (no java there, say), reading its end says why.
            if (toManager.trySend(FrameType.HELLO, hello.encode())) {
                toManager.trySend(FrameType.JAR, jobJars);
            }
            hook = ShutdownHook.install("jdsm-interrupt", () -> interrupt(toManager));
            daemon("stdin", () -> pumpStdin(stdin, toManager));
            try (Liveness liveness = new Liveness("gateway", toManager, silence -> lose("the gateway went silent: " + silence,
                    channel))) {
                return readFrames(new FrameInput(fromManager), toManager, liveness, channel);
            }
        } catch (JSchException | IOException e) {
            throw new LaunchException("cannot start the ClusterManager on " + gateway.target() + ": " + e.getMessage(), e);
        } finally {
            finished.countDown();
            if (hook != null) {
                hook.close(); // a running hook waited for this method
            }
            channel.disconnect();
        }
    }

    private int readFrames(FrameInput in, FrameOutput toManager, Liveness liveness, ChannelExec channel) {
        try {
            for (Frame frame = in.read(); frame != null; frame = in.read()) {
                liveness.heard();
                Frame received = frame;
                switch (frame.type()) {
                    // A terminal or pipe that is not read for a while (| less) is not the gateway's silence.
                    case OUT -> liveness.delivering(() -> print(out, Line.decode(received.payload())));
                    case ERR -> liveness.delivering(() -> print(err, Line.decode(received.payload())));
                    case INFO -> liveness.delivering(() -> err.println("jdsm: " + Payload.text(received.payload())));
                    case FILE_REQUEST -> {
                        FileRequest request = FileRequest.decode(frame.payload());
                        fileServer.execute(() -> serve(request, toManager));
                    }
                    case STDIN_CREDIT -> grant(StdinCredit.decode(frame.payload()));
                    case EXIT -> {
                        Exit exit = Exit.decode(frame.payload());
                        exit.lines().forEach(err::println);
                        return exit.code();
                    }
                    default -> {
                        // BEAT: liveness only.
                    }
                }
            }
        } catch (IOException e) {
            lose("lost the connection to the gateway: " + e.getMessage(), channel);
        }
        err.println("jdsm: job failed: " + (lost != null ? lost : managerDied(channel)));
        return ExitCodes.FAILED;
    }

    /** Same prefix as {@code jdsm run}. */
    private static void print(PrintStream to, Line line) {
        to.println("[" + line.rank() + "] " + line.text());
    }

    private void serve(FileRequest request, FrameOutput toManager) {
        FileReply reply;
        try {
            if (request.write()) {
                files.write(request.path(), request.data());
                reply = new FileReply(request.rank(), request.id(), null, new byte[0]);
            } else {
                reply = new FileReply(request.rank(), request.id(), null, files.read(request.path()));
            }
        } catch (IOException | RuntimeException e) {
            reply = new FileReply(request.rank(), request.id(), e.getMessage() == null ? e.toString() : e.getMessage(),
                    new byte[0]);
        }
        toManager.trySend(FrameType.FILE_REPLY, reply.encode());
    }

    /**
     * Sends our stdin to rank 0, no more than rank 0 has room for: more would wait in the streams to
     * the gateway and the node, in front of heartbeats, Ctrl-C and file replies.
     */
    private void pumpStdin(InputStream stdin, FrameOutput toManager) {
        byte[] buffer = new byte[1 << 14];
        try {
            for (int n = stdin.read(buffer, 0, awaitCredit(buffer.length)); n >= 0;
                    n = stdin.read(buffer, 0, awaitCredit(buffer.length))) {
                synchronized (stdinCredit) {
                    stdinCredit[0] -= n;
                }
                if (n > 0 && !toManager.trySend(FrameType.STDIN, Arrays.copyOf(buffer, n))) {
                    return;
                }
            }
            toManager.trySend(FrameType.STDIN_END, new byte[0]);
        } catch (IOException e) {
            // Our stdin failed: rank 0 just gets no more input.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until rank 0 can take some stdin; returns how much, at most {@code max}. */
    private int awaitCredit(int max) throws InterruptedException {
        synchronized (stdinCredit) {
            while (stdinCredit[0] <= 0) {
                stdinCredit.wait();
            }
            return (int) Math.min(max, stdinCredit[0]);
        }
    }

    private void grant(int bytes) {
        synchronized (stdinCredit) {
            stdinCredit[0] += bytes;
            stdinCredit.notifyAll();
        }
    }

    /** The manager's own stderr (a JVM that could not start, say) shown as the gateway's. */
    private void copyManagerStderr(InputStream in) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (managerStderr) {
                    managerStderr.add(line);
                    if (managerStderr.size() > STDERR_TAIL) {
                        managerStderr.remove(0);
                    }
                }
                err.println("jdsm: gateway: " + line);
            }
        } catch (IOException e) {
            // The channel is closed.
        }
    }

    private String managerDied(ChannelExec channel) {
        for (int i = 0; i < 50 && !channel.isClosed(); i++) {
            sleep(20); // the exit status follows the end of stdout closely
        }
        synchronized (managerStderr) {
            return RemoteDiagnosis.explain("the ClusterManager", gateway.target().host(), channel.getExitStatus(),
                    List.copyOf(managerStderr), false, remoteJava);
        }
    }

    /** The connection is gone or dead: say so and stop reading. */
    private synchronized void lose(String why, ChannelExec channel) {
        if (lost == null) {
            lost = why; // the first reason: disconnecting for silence also ends the reader with an error
        }
        channel.disconnect();
    }

    /** Shutdown hook (Ctrl-C): asks the manager to stop the job and waits for its confirmation. */
    private void interrupt(FrameOutput toManager) {
        if (finished.getCount() == 0) {
            return;
        }
        err.println("jdsm: interrupted; stopping the job on the cluster");
        toManager.trySend(FrameType.ABORT, Payload.text("interrupted on the laptop (Ctrl-C)"));
        try {
            finished.await(INTERRUPT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, "jdsm-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

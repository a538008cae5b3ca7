package org.jdsm.launch.cluster;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jdsm.launch.ExitCodes;
import org.jdsm.launch.JvmExit;
import org.jdsm.launch.LauncherStream;
import org.jdsm.launch.NodeMain;
import org.jdsm.launch.Version;

/**
 * The Server of the JDSM paper: one per rank, on a compute node, started by the ClusterManager
 * over ssh (or srun). Its stdin and stdout carry frames to and from the manager: it reads
 * {@link ServerStart} and the job's jars ({@link JobJars}), loads the job with a class loader and runs the node, sending
 * the job's output as {@link Line}s and its file requests to the client. It ends as soon as the
 * manager is gone (end of stdin, or {@link Liveness} silence) or tells it to ({@link FrameType#ABORT}),
 * so no server outlives its job. Raw stderr is for what happens before the frames work; the manager
 * shows it to the user.
 */
public final class ClusterServer {

    private final FrameInput in;
    private final FrameOutput out;
    private volatile RemoteClientFiles files;
    private volatile StdinCredit.Input stdin;

    private ClusterServer(FrameInput in, FrameOutput out) {
        this.in = in;
        this.out = out;
    }

    /** Runs one server on this node's stdin and stdout, then exits with the node's {@link ExitCodes}. */
    public static void main(String[] argv) {
        FrameOutput frames = new FrameOutput(new FileOutputStream(FileDescriptor.out));
        // Until the job's streams are framed, stray prints must not corrupt the frame stream.
        System.setOut(System.err);
        JvmExit.exit(new ClusterServer(new FrameInput(System.in), frames).run());
    }

    private int run() {
        try {
            ServerStart start = readStart();
            Path jar = writeJobJars(JobJars.decode(expect(FrameType.JAR).payload()));
            int rank = start.node().rank();
            files = new RemoteClientFiles(rank, out);
            PrintStream framedOut = frameStandardStreams(rank);
            try (Liveness liveness = new Liveness("manager", out, silence -> stop("the ClusterManager is silent: " + silence))) {
                startReader(liveness);
                String bindHost = RouteProbe.localAddressToward(start.rendezvous().host());
                int code = NodeMain.outcome(rank, () -> NodeMain.runNode(start.node().withJobPath(jar), start.secret(),
                        start.rendezvous(), bindHost, files));
                // The framed streams themselves, whatever the job set: each sends its unfinished line.
                framedOut.close();
                LauncherStream.get().close();
                out.trySend(FrameType.EXIT, new Exit(code, List.of()).encode());
                return code;
            }
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("jdsm server: " + e.getMessage());
            return ExitCodes.USAGE;
        }
    }

    /**
     * A temporary copy of the job's jars for the class loader, gone when the JVM exits (also by
     * {@link #stop}); returns the job jar's path.
     */
    private static Path writeJobJars(JobJars jars) throws IOException {
        Path dir = Files.createTempDirectory("jdsm-job-");
        dir.toFile().deleteOnExit(); // registered first, deleted last
        return jars.writeTemporarily(dir);
    }

    private ServerStart readStart() throws IOException {
        Frame frame = expect(FrameType.START);
        String version = Payload.decode(frame.payload()).string();
        if (!version.equals(Version.jdsm())) {
            throw new IOException("JDSM version mismatch: this node runs " + Version.jdsm() + ", the manager " + version);
        }
        return ServerStart.decode(frame.payload());
    }

    private Frame expect(FrameType type) throws IOException {
        Frame frame = in.read();
        while (frame != null && frame.type() == FrameType.BEAT) {
            frame = in.read(); // the manager's heartbeats start before the job jar is through
        }
        if (frame == null || frame.type() != type) {
            throw new IOException("expected a " + type + " frame from the manager, got " + (frame == null ? "end of stream" : frame.type()));
        }
        return frame;
    }

    /**
     * The job's prints become frames; its stderr's frames are kept for the server's own reports
     * ({@link LauncherStream}), whatever the job does with {@code System.err}; rank 0 reads the
     * client's stdin. Returns the framed stdout.
     */
    private PrintStream frameStandardStreams(int rank) throws IOException {
        PrintStream framedOut = new PrintStream(new FramedLines(FrameType.OUT, rank, out), true, StandardCharsets.UTF_8);
        System.setOut(framedOut);
        System.setErr(new PrintStream(new FramedLines(FrameType.ERR, rank, out), true, StandardCharsets.UTF_8));
        LauncherStream.claim(StandardCharsets.UTF_8);
        if (rank == 0) {
            stdin = new StdinCredit.Input(out);
            System.setIn(stdin);
        } else {
            System.setIn(InputStream.nullInputStream());
        }
        return framedOut;
    }

    private void startReader(Liveness liveness) {
        Thread reader = new Thread(() -> {
            try {
                for (Frame frame = in.read(); frame != null; frame = in.read()) {
                    liveness.heard();
                    handle(frame);
                }
                stop("the ClusterManager is gone (end of stream)");
            } catch (IOException e) {
                stop("lost the ClusterManager: " + e.getMessage());
            }
        }, "jdsm-server-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void handle(Frame frame) throws IOException {
        switch (frame.type()) {
            case STDIN -> {
                if (stdin != null) {
                    stdin.add(frame.payload());
                }
            }
            case STDIN_END -> {
                if (stdin != null) {
                    stdin.end();
                }
            }
            case FILE_REPLY -> files.complete(FileReply.decode(frame.payload()));
            case ABORT -> stop(Payload.text(frame.payload()));
            default -> {
                // BEAT: liveness only.
            }
        }
    }

    /** Ends this server at once: the job is over for it, whatever its threads are doing. */
    private void stop(String why) {
        PrintStream manager = LauncherStream.get(); // not System.err: the job may have taken that
        manager.println(NodeMain.REPORT_PREFIX + "server stops: " + why);
        manager.flush();
        // Announced, so the manager tells this bystander from a job that called System.exit(3).
        out.trySend(FrameType.EXIT, new Exit(ExitCodes.STOPPED, List.of()).encode());
        JvmExit.exit(ExitCodes.STOPPED);
    }
}

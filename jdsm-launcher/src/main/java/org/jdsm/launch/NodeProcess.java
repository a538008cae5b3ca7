package org.jdsm.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** One node JVM of a local job: the process, its rank-prefixed output, and how it ended. */
final class NodeProcess implements Supervised {

    private final int rank;
    private final Process process;
    private final RankedLines stdout;
    private final RankedLines stderr;
    private volatile boolean killed;

    private NodeProcess(int rank, Process process, PrintStream out, PrintStream err) {
        this.rank = rank;
        this.process = process;
        // NodeJvm makes node JVMs write UTF-8.
        this.stdout = new RankedLines(rank, "out", process.getInputStream(), StandardCharsets.UTF_8, out);
        this.stderr = new RankedLines(rank, "err", process.getErrorStream(), StandardCharsets.UTF_8, err);
    }

    /** Starts {@code command} as node {@code rank}, copying its output to {@code out} and {@code err}. */
    static NodeProcess start(int rank, ProcessBuilder command, PrintStream out, PrintStream err) {
        try {
            return new NodeProcess(rank, command.start(), out, err);
        } catch (IOException e) {
            throw new LaunchException("cannot start the JVM of node " + rank + ": " + e.getMessage(), e);
        }
    }

    int rank() {
        return rank;
    }

    @Override
    public CompletableFuture<Supervised> onExit() {
        return process.onExit().thenApply(p -> this);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Asks the node and anything it started to stop (SIGTERM). */
    void terminate() {
        ProcessTrees.terminate(process);
    }

    /** Kills the node and anything it started (SIGKILL). */
    @Override
    public void kill() {
        if (process.isAlive()) {
            killed = true;
            ProcessTrees.kill(process);
        }
    }

    /** Waits up to {@code millis} for the process to exit. */
    boolean awaitExit(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS);
    }

    /** Waits up to {@code millis} per stream until all the node's output is out. */
    @Override
    public void awaitOutput(long millis) throws InterruptedException {
        stdout.await(millis);
        stderr.await(millis);
    }

    @Override
    public NodeExit exit() {
        int code = process.exitValue();
        NodeStatus status = stderr.status();
        NodeExit.Ending ending = killed ? NodeExit.Ending.KILLED
                // A JVM that rejects its options exits with a code of its own: a signal's code means a node
                // killed before it said it started (SIGKILL while its JVM started), not "check --jvm-arg".
                : !status.started() && !NodeExit.bySignal(code) ? NodeExit.Ending.NOT_STARTED
                : status.announcedExit().equals(OptionalInt.of(code)) ? NodeExit.Ending.ANNOUNCED
                : NodeExit.Ending.UNANNOUNCED;
        NodeLastWords words = stderr.lastWords();
        return new NodeExit(rank, null, code, ending, words.explain(code, ending), words.jvmShutDown());
    }
}

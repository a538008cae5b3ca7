package org.jdsm.comm.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks that a component released what it held: open sockets of this process (Linux
 * {@code /proc/self/fd}) and threads still running. Meant for child JVMs of multi-process tests,
 * where nothing else shares the process.
 */
public final class ResourceCheck {

    static {
        // The JDK keeps one socketpair of its own, opened when NIO file or socket I/O is first set up
        // (sun.nio.ch.FileDispatcherImpl on JDK 17, sun.nio.ch.UnixDispatcher on later JDKs).
        // Make that happen now, so it is in every count.
        try {
            FileChannel.open(Path.of("/proc/self/stat")).close();
            SocketChannel.open().close();
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ResourceCheck() {
    }

    /** Sockets this process holds open (TCP, UDP and Unix), the JDK's own internal one included. */
    public static int openSockets() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return (int) fds.filter(ResourceCheck::isSocket).count();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc/self/fd (Linux only)", e);
        }
    }

    private static boolean isSocket(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString().startsWith("socket:");
        } catch (IOException e) {
            return false; // closed while we looked
        }
    }

    /**
     * Threads other than the caller that are alive and either non-daemon (would keep the JVM
     * running) or named with one of {@code prefixes} (e.g. {@code "jdsm-"}, which should be gone),
     * after waiting up to {@code grace} for them to end. The grace is for threads that stop by
     * themselves shortly after use, such as Netty's shared {@code globalEventExecutor}, which
     * reports event loop termination and quits after about a second of idleness.
     * Returns "name (daemon)" entries; empty when clean.
     */
    public static List<String> lingeringThreads(Duration grace, String... prefixes) throws InterruptedException {
        long deadline = System.nanoTime() + grace.toNanos();
        List<String> lingering = lingeringThreads(prefixes);
        while (!lingering.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            lingering = lingeringThreads(prefixes);
        }
        return lingering;
    }

    private static List<String> lingeringThreads(String... prefixes) {
        Thread me = Thread.currentThread();
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t != me && t.isAlive() && !"DestroyJavaVM".equals(t.getName()))
                .filter(t -> !t.isDaemon() || Stream.of(prefixes).anyMatch(t.getName()::startsWith))
                .map(t -> t.getName() + (t.isDaemon() ? " (daemon)" : ""))
                .sorted()
                .collect(Collectors.toList());
    }
}

package org.jdsm.comm.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
        return link(fd).startsWith("socket:");
    }

    private static String link(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return ""; // closed while we looked
        }
    }

    /**
     * TCP sockets this process holds open whose local port is {@code port}: a listener on it and the
     * connections it accepted, but not connections this process dialed to it.
     */
    public static int socketsOnLocalPort(int port) {
        Set<String> inodes = tcpInodesOnLocalPort(port);
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return (int) fds.map(ResourceCheck::link).filter(inodes::contains).count();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc/self/fd (Linux only)", e);
        }
    }

    /** "socket:[inode]" of each IPv4 and IPv6 TCP socket of the system whose local port is {@code port}. */
    private static Set<String> tcpInodesOnLocalPort(int port) {
        String localPort = String.format(":%04X", port);
        Set<String> inodes = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try (Stream<String> lines = Files.lines(Path.of(table))) {
                lines.skip(1).map(line -> line.trim().split("\\s+"))
                        .filter(fields -> fields[1].endsWith(localPort))
                        .forEach(fields -> inodes.add("socket:[" + fields[9] + "]"));
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + table + " (Linux only)", e);
            }
        }
        return inodes;
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

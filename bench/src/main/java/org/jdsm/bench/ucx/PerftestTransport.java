package org.jdsm.bench.ucx;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jdsm.bench.comm.Transport;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.FreePorts;

/**
 * UCX's own C benchmark as a ping-pong series: each repetition runs an {@code ucx_perftest}
 * server and client ({@code tag_lat}, the tagged ping-pong UcxComm uses) on 127.0.0.1 with
 * UCX_TLS set, with as many iterations as the last run at that size managed in the repetition's
 * time, and reports perftest's median one-way latency as the repetition's round-trip time (twice
 * that). Process start-up is not in the numbers. Its endpoints have peer error handling where
 * UcxComm's on the same transports have it.
 */
final class PerftestTransport implements Transport {

    static final String EXECUTABLE = "ucx_perftest";
    private static final long RUN_TIMEOUT_SECONDS = 120;
    private static final int SERVER_ATTEMPTS = 5;
    private static final int CONNECT_ATTEMPTS = 100;
    private static final long CONNECT_RETRY_MILLIS = 50;
    private static final int MIN_ITERATIONS = 50;
    private static final String HEADER = "iterations,50.0_percentile_lat";

    private final String name;
    private final String transports;
    /** perftest's {@code -e}: endpoints with peer error handling, as UcxComm's on these transports. */
    private final boolean errorHandling;
    /** Wall time per iteration of the last run per size (start-up excluded), to fit the next run in a repetition. */
    private final Map<Integer, Double> wallNanosPerIteration = new HashMap<>();
    /** The processes of the run in progress, killed by a shutdown hook if this JVM is ended meanwhile. */
    private final Set<Process> running = ConcurrentHashMap.newKeySet();

    /**
     * A series {@code name} of perftest over UCX_TLS={@code transports}, with endpoints that have
     * peer error handling if {@code errorHandling} (UCX's own cost, which UcxComm pays where it uses it).
     */
    PerftestTransport(String name, String transports, boolean errorHandling) {
        this.name = name;
        this.transports = transports;
        this.errorHandling = errorHandling;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> running.forEach(Process::destroyForcibly),
                "kill-" + name));
    }

    /** Null if ucx_perftest runs here, else why not. */
    static String unavailable() {
        try {
            Process p = new ProcessBuilder(EXECUTABLE, "-h").redirectErrorStream(true).start();
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            p.waitFor(10, TimeUnit.SECONDS);
            return null;
        } catch (IOException e) {
            return EXECUTABLE + " not found (apt-get install ucx-utils)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int pingPong(byte[] message, Budget budget, long[] rtts) throws Exception {
        int size = message.length;
        Double perIteration = wallNanosPerIteration.get(size);
        int iterations = perIteration == null ? MIN_ITERATIONS
                : (int) Math.max(MIN_ITERATIONS, Math.min(budget.maxOps(), budget.maxNanos() / perIteration));
        rtts[0] = Math.round(2 * 1000 * run(size, iterations));
        return 1;
    }

    /**
     * Runs one server/client pair; returns perftest's median one-way latency in µs. A server that
     * exits before it accepts (its port was taken meanwhile) is started again on another port.
     */
    private double run(int size, int iterations) throws IOException, InterruptedException {
        for (int server = 0; server < SERVER_ATTEMPTS; server++) {
            String port = Integer.toString(FreePorts.pick(1)[0]);
            Process listener = start(List.of("-t", "tag_lat", "-p", port));
            try {
                for (int attempt = 0; attempt < CONNECT_ATTEMPTS && listener.isAlive(); attempt++) {
                    int warmup = Math.max(10, iterations / 10);
                    long start = System.nanoTime();
                    String output = finish(start(List.of("127.0.0.1", "-t", "tag_lat", "-s", Integer.toString(size),
                            "-n", Integer.toString(iterations), "-w", Integer.toString(warmup), "-p", port, "-f", "-v")));
                    if (!output.contains("connect() failed")) {
                        wallNanosPerIteration.put(size, (double) (System.nanoTime() - start) / (iterations + warmup));
                        return parse(output, size);
                    }
                    Thread.sleep(CONNECT_RETRY_MILLIS); // the server is not listening yet
                }
            } finally {
                listener.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                running.remove(listener);
            }
        }
        throw new IOException(name + ": no " + EXECUTABLE + " server accepted a connection (" + SERVER_ATTEMPTS
                + " tries)");
    }

    private Process start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(EXECUTABLE));
        command.addAll(args);
        if (errorHandling) {
            command.add("-e");
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("UCX_TLS", transports);
        builder.environment().put("UCX_NET_DEVICES", UcxSeries.NET_DEVICES);
        Process process = builder.start();
        running.add(process);
        return process;
    }

    private String finish(Process client) throws IOException, InterruptedException {
        try (InputStream in = client.getInputStream()) {
            String output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!client.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IOException(name + ": " + EXECUTABLE + " did not finish within " + RUN_TIMEOUT_SECONDS + " s");
            }
            return output;
        } finally {
            client.destroyForcibly();
            running.remove(client);
        }
    }

    /** The median latency column of the CSV line after perftest's header ({@code -f -v}). */
    private double parse(String output, int size) throws IOException {
        String[] lines = output.split("\n");
        for (int i = 0; i + 1 < lines.length; i++) {
            if (lines[i].startsWith(HEADER)) {
                return Double.parseDouble(lines[i + 1].split(",")[1].trim());
            }
        }
        throw new IOException(name + ": no result from " + EXECUTABLE + " at " + size + " B; output:\n" + output);
    }

    @Override
    public void close() {
        // every run ends its own processes
    }
}

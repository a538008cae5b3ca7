package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.params.provider.Arguments;

/** Runs suite jobs in this JVM, over LocalComm unless {@link Suite#comm()} says otherwise. */
public final class Jobs {

    private Jobs() {
    }

    /**
     * Runs {@code job}, which checks itself; returns normally only if every node succeeded.
     * A failure says which job, protocol, shape and arguments, so it can be reproduced.
     */
    public static void run(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        runOver(Suite.comm(), job, protocol, shape, List.of(args));
    }

    /** As {@link #run}, over comm module {@code comm}. */
    public static void runOver(String comm, Class<? extends Spmd> job, String protocol, Shape shape, List<String> args) {
        try {
            launch(comm, job, protocol, shape, args);
        } catch (RuntimeException e) {
            throw new AssertionError(describe(job, protocol, shape, args) + " over " + comm + " failed: " + e.getMessage(), e);
        }
    }

    /** Runs {@code job}, which must fail; returns the failure's message. */
    public static String failure(Class<? extends Spmd> job, String protocol, Shape shape, String... args) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> launch(Suite.comm(), job, protocol, shape, List.of(args)),
                () -> describe(job, protocol, shape, List.of(args)) + " should have failed");
        return String.valueOf(e.getMessage());
    }

    /**
     * Runs {@code job}, which must fail, {@code runs} times ({@code beforeEach} first) and fails the
     * test unless every run ended within {@code promptMillis}. {@code jobs} names the runs in the
     * message, {@code slowMeans} says what a slow run means.
     */
    public static void failsPromptly(Class<? extends Spmd> job, String protocol, Shape shape, int runs, long promptMillis,
                                     Runnable beforeEach, String jobs, String slowMeans) {
        long slowest = 0;
        for (int run = 0; run < runs; run++) {
            beforeEach.run();
            long began = System.nanoTime();
            failure(job, protocol, shape);
            slowest = Math.max(slowest, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began));
        }
        long worst = slowest;
        assertTrue(worst < promptMillis, () -> "the slowest of " + runs + " " + jobs + " took " + worst + " ms ("
                + slowMeans + ")");
    }

    /** Arguments (protocol, shape, comm): every protocol at {@code local} shapes over LocalComm and at {@code chaos} over the chaos comm. */
    public static Stream<Arguments> localAndChaos(List<Shape> local, Shape chaos) {
        return Stream.concat(everyProtocol(local, List.of("local")), everyProtocol(List.of(chaos), List.of("chaos")));
    }

    /**
     * Arguments (protocol, shape, comm) for a parameterized test: every protocol at every shape over
     * every comm module.
     */
    public static Stream<Arguments> everyProtocol(List<Shape> shapes, List<String> comms) {
        return Suite.protocols().stream().flatMap(p -> shapes.stream().flatMap(s -> comms.stream().map(c -> Arguments.of(p, s, c))));
    }

    /**
     * Arguments (protocol, then {@code run}'s values) for every protocol and every run in {@code runs}:
     * a test's own list of shapes and settings, under each protocol.
     */
    public static Stream<Arguments> everyProtocolFor(Arguments... runs) {
        return Suite.protocols().stream().flatMap(p -> Stream.of(runs).map(run -> {
            Object[] values = new Object[run.get().length + 1];
            values[0] = p;
            System.arraycopy(run.get(), 0, values, 1, run.get().length);
            return Arguments.of(values);
        }));
    }

    /** The stress tests' runs: every protocol at 2x4, 3x2, 4x1 and 8x1, over local and chaos. */
    public static Stream<Arguments> stressRuns() {
        return everyProtocol(List.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1), new Shape(8, 1)), List.of("local", "chaos"));
    }

    private static void launch(String comm, Class<? extends Spmd> job, String protocol, Shape shape, List<String> args) {
        InJvmJob.of(job).protocol(protocol).comm(comm).nodes(shape.nodes()).threadsPerNode(shape.threadsPerNode())
                .args(args).run();
    }

    private static String describe(Class<? extends Spmd> job, String protocol, Shape shape, List<String> args) {
        return job.getSimpleName() + " under " + protocol + " at " + shape + (args.isEmpty() ? "" : " " + args);
    }
}

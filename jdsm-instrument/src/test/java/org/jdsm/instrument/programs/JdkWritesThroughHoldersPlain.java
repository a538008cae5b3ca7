package org.jdsm.instrument.programs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * JDK methods that write or read arrays reached other than as a shared array itself: written by
 * {@code Random.nextBytes} and {@code String.getChars} into an array held in a field of a shared
 * object and into rows of a {@code char[][]} registered whole (the holder's and the outer array's
 * write is what publishes them); and called through a job class that extends the JDK class ({@code
 * Dice extends Random}, {@code Sink extends ByteArrayOutputStream}, {@code Source extends
 * ByteArrayInputStream}), where javac names the job class, not the JDK's. Node 1 writes, every node
 * read everything before, so on three or more nodes one node (neither writer nor home) holds copies
 * the barrier made stale. Checks every value after the barrier.
 */
public class JdkWritesThroughHoldersPlain extends Spmd {

    private static final int WRITER = 1;
    private static final long SEED = 7;

    /** A shared object holding arrays. */
    public static class Holder {
        byte[] bytes = new byte[8];
        char[] chars = new char[3];
    }

    /** A job class whose {@code nextBytes} is the JDK's. */
    public static class Dice extends Random {
        public Dice(long seed) {
            super(seed);
        }
    }

    /** A job class whose {@code write(byte[], int, int)} is the JDK's. */
    public static class Sink extends ByteArrayOutputStream {
    }

    /** A job class whose {@code read(byte[], int, int)} is the JDK's. */
    public static class Source extends ByteArrayInputStream {
        public Source(byte[] bytes) {
            super(bytes);
        }
    }

    Holder holder;
    char[][] grid;
    byte[] diced;
    byte[] sunk;
    byte[] sourced;

    @Override
    public void init() {
        holder = pool.register(new Holder());
        grid = pool.register(new char[4][3], 1);
        diced = pool.register(new byte[4], 4);
        sunk = pool.register(new byte[3], 3);
        sourced = pool.register(new byte[3], 3);
    }

    @Override
    public void start() {
        // a copy of each on every node, made stale below
        int seen = Arrays.hashCode(holder.bytes) + Arrays.hashCode(holder.chars) + Arrays.deepHashCode(grid)
                + Arrays.hashCode(diced) + Arrays.hashCode(sunk) + Arrays.hashCode(sourced);
        barrier();
        if (myNode() == WRITER && myThread() % threadsPerNode() == 0) {
            new Random(SEED).nextBytes(holder.bytes);
            "pqr".getChars(0, 3, holder.chars, 0);
            for (int i = 0; i < grid.length; i++) {
                "xyz".getChars(0, 3, grid[i], 0);
            }
            new Dice(SEED).nextBytes(diced);
            for (int k = 0; k < sunk.length; k++) {
                sunk[k] = (byte) (k + 4);
            }
            int read = new Source(new byte[] {1, 2, 3}).read(sourced, 0, 3);
            AliasesPlain.check(read == 3, "read " + read);
        }
        barrier();
        List<String> failed = new ArrayList<>();
        byte[] random = new byte[8];
        new Random(SEED).nextBytes(random);
        expect(failed, "nextBytes(holder.bytes)", Arrays.equals(holder.bytes, random));
        expect(failed, "getChars(holder.chars)", Arrays.equals(holder.chars, "pqr".toCharArray()));
        for (int i = 0; i < grid.length; i++) {
            expect(failed, "getChars(grid[" + i + "])", Arrays.equals(grid[i], "xyz".toCharArray()));
        }
        expect(failed, "Dice.nextBytes", Arrays.equals(diced, Arrays.copyOf(random, diced.length)));
        Sink sink = new Sink();
        sink.write(sunk, 0, sunk.length);
        expect(failed, "Sink.write", Arrays.equals(sink.toByteArray(), new byte[] {4, 5, 6}));
        expect(failed, "Source.read", Arrays.equals(sourced, new byte[] {1, 2, 3}));
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok) {
            failed.add(what);
        }
    }
}

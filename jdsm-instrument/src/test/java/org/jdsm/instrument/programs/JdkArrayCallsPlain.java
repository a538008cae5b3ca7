package org.jdsm.instrument.programs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared arrays read or written by JDK methods other than {@code Arrays} and {@code
 * System.arraycopy}: read by {@code IntStream.of}, {@code DoubleStream.of}, {@code
 * String.valueOf(char[])}, {@code new String(char[])} and {@code Objects.deepEquals} (given them as
 * {@code Object}s, also a {@code int[][]} registered whole) after node 1 wrote them plainly; written
 * by {@code Random.nextBytes}, {@code String.getChars}, {@code List.toArray(T[])}, {@code
 * InputStream.read(byte[])}, {@code Character.toChars(cp, dst, i)} and {@code Base64}'s {@code
 * encode(src, dst)} and {@code decode(src, dst)} on node 1, then read plainly. Every node reads every array first, so
 * on three or more nodes one node (neither the writer nor node 0, the home of each one-block
 * array) holds a copy that the barrier made stale. Checks every value after the barrier.
 */
public class JdkArrayCallsPlain extends Spmd {

    private static final int WRITER = 1;
    private static final long SEED = 7;
    /** A code point outside the BMP, so {@code toChars} writes both chars of a surrogate pair. */
    private static final int CODE_POINT = 0x1F600;

    int[] ints;
    double[] doubles;
    char[] valueOf;
    char[] constructed;
    byte[] random;
    char[] gotChars;
    String[] listed;
    byte[] streamed;
    int[] compared;
    int[][] comparedRows;
    char[] codePoint;
    byte[] encoded;
    byte[] decoded;

    @Override
    public void init() {
        ints = pool.register(new int[] {1, 2, 3}, 3);
        doubles = pool.register(new double[] {1, 2, 3}, 3);
        valueOf = pool.register("abc".toCharArray(), 3);
        constructed = pool.register("def".toCharArray(), 3);
        random = pool.register(new byte[8], 8);
        gotChars = pool.register(new char[3], 3);
        listed = pool.register(new String[3], 3);
        streamed = pool.register(new byte[3], 3);
        compared = pool.register(new int[3], 3);
        comparedRows = pool.register(new int[2][2], 1);
        codePoint = pool.register(new char[2], 2);
        encoded = pool.register(new byte[4], 4);
        decoded = pool.register(new byte[3], 3);
    }

    @Override
    public void start() {
        for (Object array : new Object[] {ints, doubles, valueOf, constructed, random, gotChars, listed, streamed, compared, comparedRows,
                codePoint, encoded, decoded}) {
            Arrays.deepHashCode(new Object[] {array}); // a copy of each on every node, made stale below
        }
        barrier();
        if (myNode() == WRITER && myThread() % threadsPerNode() == 0) {
            write();
        }
        barrier();
        List<String> failed = new ArrayList<>();
        expect(failed, "IntStream.of", IntStream.of(ints).sum() == 60);
        expect(failed, "DoubleStream.of", DoubleStream.of(doubles).sum() == 600);
        expect(failed, "String.valueOf", String.valueOf(valueOf).equals("xyz"));
        expect(failed, "new String", new String(constructed).equals("uvw"));
        expect(failed, "Objects.deepEquals", Objects.deepEquals(compared, new int[] {10, 20, 30}));
        expect(failed, "Objects.deepEquals of rows", Objects.deepEquals(comparedRows, new int[][] {{0, 0}, {0, 4}}));
        byte[] expected = new byte[random.length];
        new Random(SEED).nextBytes(expected);
        expect(failed, "Random.nextBytes", Arrays.equals(random, expected));
        expect(failed, "getChars", Arrays.equals(gotChars, "pqr".toCharArray()));
        expect(failed, "toArray", Arrays.equals(listed, new String[] {"a", "b", "c"}));
        expect(failed, "InputStream.read", Arrays.equals(streamed, new byte[] {5, 6, 7}));
        expect(failed, "Character.toChars", Arrays.equals(codePoint, Character.toChars(CODE_POINT)));
        expect(failed, "Base64 encode", Arrays.equals(encoded, "AQID".getBytes()));
        expect(failed, "Base64 decode", Arrays.equals(decoded, new byte[] {4, 5, 6}));
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed);
    }

    private void write() {
        for (int i = 0; i < ints.length; i++) {
            ints[i] = 10 * (i + 1);
            doubles[i] = 100 * (i + 1);
            valueOf[i] = "xyz".charAt(i);
            constructed[i] = "uvw".charAt(i);
            compared[i] = 10 * (i + 1);
        }
        comparedRows[1][1] = 4;
        new Random(SEED).nextBytes(random);
        "pqr".getChars(0, 3, gotChars, 0);
        List.of("a", "b", "c").toArray(listed);
        Character.toChars(CODE_POINT, codePoint, 0);
        Base64.getEncoder().encode(new byte[] {1, 2, 3}, encoded);
        Base64.getDecoder().decode("BAUG".getBytes(), decoded);
        try {
            int n = new ByteArrayInputStream(new byte[] {5, 6, 7}).read(streamed);
            if (n != streamed.length) {
                throw new IllegalStateException("read " + n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok) {
            failed.add(what);
        }
    }
}

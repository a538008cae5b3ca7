package org.jdsm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WireFormatTest {

    private final WireFormat wire = new WireFormat();

    private static double[] doubles(int n, long seed) {
        return new Random(seed).doubles(n).toArray();
    }

    /** Encoding into an array copies a large array once: into the exactly sized result, no copy of a copy. */
    @Test
    void encodingALargeArrayToBytesCopiesItOnce() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        double[] block = doubles(2 << 20, 7); // 16 MiB
        wire.encode(doubles(10, 1)); // the thread's encode buffer exists before the measurement
        long before = threads.getCurrentThreadAllocatedBytes();
        byte[] bytes = wire.encode(block);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < bytes.length + (1 << 20), "encoding 16 MiB allocated " + allocated + " bytes");
        assertArrayEquals(block, (double[]) wire.decode(bytes));
    }

    @Test
    void messagesOfEverySizeRoundTripThroughOneThreadsReusedBuffer() {
        // Small, large (kept for reuse), beyond the kept limit, and small again after each.
        int[] lengths = {10, 250_000, 3, 2_200_000, 10, 250_000};
        List<byte[]> encoded = new ArrayList<>();
        for (int i = 0; i < lengths.length; i++) {
            encoded.add(wire.encode(doubles(lengths[i], i)));
        }
        for (int i = 0; i < lengths.length; i++) {
            assertArrayEquals(doubles(lengths[i], i), (double[]) wire.decode(encoded.get(i)), "message " + i);
        }
        assertNotSame(encoded.get(1), encoded.get(5), "each message gets its own array, never the thread's buffer");
    }

    /** A large array given back is what the next decode of that shape fills, from an array or native memory. */
    @Test
    void aRecycledArrayReceivesTheNextLargeArrayOfItsShape() {
        int n = 100_000; // 800 KB: kept
        double[] spare = new double[n];
        wire.recycle(spare);
        double[] decoded = (double[]) wire.decode(wire.encode(doubles(n, 5)));
        assertSame(spare, decoded);
        assertArrayEquals(doubles(n, 5), decoded);

        wire.recycle(decoded);
        byte[] bytes = wire.encode(ArrayRange.of(doubles(n + 10, 6), 10, n));
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        double[] fromDirect = (double[]) wire.readPayload(wire.open(direct));
        assertSame(spare, fromDirect);
        assertArrayEquals(java.util.Arrays.copyOfRange(doubles(n + 10, 6), 10, n + 10), fromDirect);

        assertNotSame(spare, wire.decode(wire.encode(doubles(n, 7))), "given back once, used once");
    }

    /**
     * Arrays from 64 KiB are handed over in place: the sink gets a MessageWriter whose bytes,
     * written in small pieces, are those of the whole message in one array, and decode to the
     * payload. Smaller messages come as one array.
     */
    @Test
    void largeArraysAreHandedOverInPlaceAndWriteTheWholeMessage() {
        long[] longs = new Random(3).longs(30_000).toArray();
        List<Object> payload = new ArrayList<>(List.of("head", doubles(20_000, 1), ArrayRange.of(longs, 7, 20_000),
                new int[5], doubles(9_000, 2), "tail"));
        List<ByteBuffer> pieces = new ArrayList<>();
        byte[][] whole = new byte[1][];
        wire.encode(out -> out.writeByte(3), payload, new WireFormat.EncodedSink() {
            @Override
            public void take(byte[] buffer, int length) {
                throw new AssertionError("a message with large arrays came as one array");
            }

            @Override
            public void take(org.jdsm.comm.MessageWriter message) {
                message.writeTo(n -> {
                    ByteBuffer piece = ByteBuffer.allocate(n + 3).position(3); // a fresh piece per step, written from its position
                    pieces.add(piece);
                    return piece;
                });
                whole[0] = org.jdsm.comm.MessageWriter.toArray(message);
                assertEquals(whole[0].length, message.length());
            }
        });
        ByteBuffer joined = ByteBuffer.allocate(whole[0].length);
        pieces.forEach(p -> joined.put(p.flip().position(3)));
        assertArrayEquals(whole[0], joined.array(), "written in pieces or at once, the same bytes");
        assertTrue(pieces.size() > 5, "the arrays were written in steps: " + pieces.size());

        Input in = wire.open(whole[0]);
        assertEquals(3, in.readByte());
        List<?> decoded = (List<?>) wire.readPayload(in);
        assertEquals("head", decoded.get(0));
        assertArrayEquals(doubles(20_000, 1), (double[]) decoded.get(1));
        assertArrayEquals(java.util.Arrays.copyOfRange(longs, 7, 20_007), (long[]) decoded.get(2));
        assertArrayEquals(new int[5], (int[]) decoded.get(3));
        assertArrayEquals(doubles(9_000, 2), (double[]) decoded.get(4));
        assertEquals("tail", decoded.get(5));

        int[] arrays = {0};
        wire.encode(out -> { }, doubles(100, 4), (buffer, length) -> arrays[0]++);
        assertEquals(1, arrays[0], "a small message comes as one array");
    }

    @Test
    void headerFieldsComeBeforeThePayload() {
        byte[] bytes = wire.encode(out -> {
            out.writeByte(7);
            out.writeVarLong(123_456_789L, true);
        }, List.of("a", "b"));
        Input in = wire.open(bytes);
        assertEquals(7, in.readByte());
        assertEquals(123_456_789L, in.readVarLong(true));
        assertEquals(List.of("a", "b"), wire.readPayload(in));
    }

    /** A message in native memory (as UcxComm lends it) reads as it does from an array: header, every array kind, the rest. */
    @Test
    void aMessageInADirectBufferReadsLikeTheArray() {
        Random r = new Random(11);
        float[] f = {r.nextFloat(), -0f, Float.NaN};
        List<Object> payload = List.of(doubles(3000, 1), r.longs(700).toArray(), r.ints(900).toArray(), f,
                new short[] {1, -2, 3}, "chars: \u00e9\u4e2d".toCharArray(), new byte[] {9, -9}, new boolean[] {true, false},
                "after the arrays", 42L);
        byte[] bytes = wire.encode(out -> {
            out.writeByte(7);
            out.writeVarLong(123_456_789L, true);
        }, payload);
        int offset = 11;
        ByteBuffer direct = ByteBuffer.allocateDirect(offset + bytes.length + 5);
        direct.position(offset).put(bytes).put(new byte[] {1, 2, 3, 4, 5}).flip().position(offset).limit(offset + bytes.length);
        Input in = wire.open(direct);
        assertEquals(7, in.readByte());
        assertEquals(123_456_789L, in.readVarLong(true));
        List<?> read = (List<?>) wire.readPayload(in);
        assertEquals(offset, direct.position(), "reading does not move the buffer's position");
        assertEquals(payload.size(), read.size());
        for (int k = 0; k < payload.size(); k++) {
            Object expected = payload.get(k);
            if (expected.getClass().isArray()) {
                assertTrue(Objects.deepEquals(expected, read.get(k)), "element " + k + ", a " + expected.getClass().getSimpleName());
            } else {
                assertEquals(expected, read.get(k), "element " + k);
            }
        }
    }

    @Test
    void manyThreadsEncodeAndDecodeAtOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                results.add(pool.submit((Callable<Void>) () -> {
                    for (int i = 0; i < 1000; i++) {
                        double[] data = doubles(1 + (seed * 7919 + i) % 5000, seed * 10_000L + i);
                        assertArrayEquals(data, (double[]) wire.decode(wire.encode(data)));
                    }
                    return null;
                }));
            }
            for (Future<?> f : results) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A record with mutable components. */
    record Holder(long[] counts, StringBuilder note) {
    }

    @Test
    void aCopyOfARecordIsDeepAsForAnyOtherClass() {
        Holder holder = new Holder(new long[] {1, 2}, new StringBuilder("a"));
        Holder copy = wire.copy(holder);
        assertNotSame(holder, copy, "Kryo takes records for immutable and returned the original");
        assertNotSame(holder.counts(), copy.counts());
        assertNotSame(holder.note(), copy.note());
        assertArrayEquals(holder.counts(), copy.counts());
        assertEquals("a", copy.note().toString());
        Object[] inArray = wire.copy(new Object[] {holder});
        assertNotSame(holder.counts(), ((Holder) inArray[0]).counts(), "a record inside a copied array is copied too");
    }

    /** A user class with its own Kryo methods, which Kryo's serializer for them cannot copy. */
    public static final class OwnFormat implements com.esotericsoftware.kryo.KryoSerializable {
        long value;
        long[] more = new long[2];

        @Override
        public void write(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Output output) {
            output.writeLong(value);
            kryo.writeObject(output, more);
        }

        @Override
        public void read(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Input input) {
            value = input.readLong();
            more = kryo.readObject(input, long[].class);
        }
    }

    @Test
    void aCopyOfAValueWithItsOwnKryoMethodsGoesThroughThem() {
        OwnFormat one = new OwnFormat();
        one.value = 7;
        one.more[1] = 9;
        Object[] block = {one, one, "x"};
        Object[] copy = wire.copy(block);
        OwnFormat first = (OwnFormat) copy[0];
        assertNotSame(one, first);
        assertNotSame(one.more, first.more);
        assertEquals(7, first.value);
        assertArrayEquals(new long[] {0, 9}, first.more);
        assertEquals("x", copy[2]);
        assertSame(first, copy[1], "one value reached twice is one copy, as in an encoding");
    }

    enum Kind { RED, GREEN, BLUE { } }

    /** A holder of EnumMaps, as a shared object's fields. */
    static final class Tallies {
        EnumMap<Kind, long[]> full = new EnumMap<>(Kind.class);
        EnumMap<Kind, Long> empty = new EnumMap<>(Kind.class);
    }

    /** Kryo's map serializer made an EnumMap without its key type: a full one failed, an empty one broke at its first use. */
    @Test
    void enumMapsKeepTheirKeyTypeThroughCopiesAndEncodings() {
        Tallies tallies = new Tallies();
        tallies.full.put(Kind.BLUE, new long[] {3});
        tallies.full.put(Kind.RED, new long[] {1});
        for (Tallies other : List.of(wire.copy(tallies), (Tallies) wire.decode(wire.encode(tallies)))) {
            assertEquals(List.of(Kind.RED, Kind.BLUE), List.copyOf(other.full.keySet()));
            assertNotSame(tallies.full.get(Kind.RED), other.full.get(Kind.RED), "values are copied deeply");
            assertEquals(3, other.full.get(Kind.BLUE)[0]);
            other.empty.merge(Kind.BLUE, 1L, Long::sum);
            assertEquals(Map.of(Kind.BLUE, 1L), other.empty);
            assertArrayEquals(wire.contentBytes(tallies.full), wire.contentBytes(other.full));
        }
    }

    /** A holder of linked maps, as a shared object's fields. */
    static final class Caches {
        LinkedHashMap<String, Long> lru = new LinkedHashMap<>(16, 0.75f, true);
        LinkedHashMap<String, Long> inserted = new LinkedHashMap<>();
    }

    /**
     * Kryo's map serializer made every LinkedHashMap in insertion order: an access-ordered one (an
     * LRU cache's) came out of a copy or a decoding where a get no longer moved its key.
     */
    @Test
    void accessOrderedMapsStayAccessOrderedThroughCopiesAndEncodings() {
        Caches caches = new Caches();
        for (String k : List.of("a", "b", "c")) {
            caches.lru.put(k, 1L);
            caches.inserted.put(k, 1L);
        }
        caches.lru.get("a");
        for (Caches other : List.of(wire.copy(caches), (Caches) wire.decode(wire.encode(caches)))) {
            assertEquals(List.of("b", "c", "a"), List.copyOf(other.lru.keySet()));
            other.lru.get("b");
            other.inserted.get("a");
            assertEquals(List.of("c", "a", "b"), List.copyOf(other.lru.keySet()), "a get moves its key to the end");
            assertEquals(List.of("a", "b", "c"), List.copyOf(other.inserted.keySet()), "an insertion-ordered map stays so");
        }
        assertTrue(LinkedMaps.accessOrdered(new LinkedHashMap<>(4, 0.75f, true)), "an empty one is told too");
    }

    /** One link of a chain of the job's own objects. */
    public static final class Link {
        Link next;
    }

    /**
     * A chain of objects too long for the thread's stack fails with one short line that says so,
     * names the field and what to do, whether encoded, copied, compared by content or decoded (on a
     * thread with less stack than the encoder's): not Kryo's thousands of trace lines blaming a
     * reference cycle.
     */
    @Test
    void aChainTooDeepForTheStackIsSaidInOneLineNamingTheField() throws Exception {
        // A first use of StringBuffer at the bottom of an overflowed stack breaks it for the whole JVM,
        // the test runner's reports included (WireFormat prevents that; JdsmRunIT shows it in a node).
        new StringBuffer();
        WireFormat links = new WireFormat(List.of(Link.class));
        Link head = null;
        for (int i = 0; i < 20_000; i++) {
            Link link = new Link();
            link.next = head;
            head = link;
        }
        Link chain = head;
        byte[] encoded = onStack(1 << 30, () -> links.encode(chain));
        List<Callable<Object>> uses = List.of(() -> links.encode(chain), () -> links.copy(chain),
                () -> links.contentBytes(chain), () -> links.decode(encoded));
        for (Callable<Object> use : uses) {
            WireException e = org.junit.jupiter.api.Assertions.assertThrows(WireException.class, () -> onStack(256 << 10, use));
            assertTrue(e.getMessage().contains("nest too deep for the thread's stack (it overflowed at field next ("
                    + Link.class.getName() + "))") && e.getMessage().contains("--jvm-arg=-Xss"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            // The reason alone, for callers that say better what was being sent (LazyRelease's diffs).
            assertTrue(e.reason().startsWith("its objects nest too deep") && e.getMessage().endsWith(": " + e.reason()),
                    e.reason());
            assertTrue(e.getCause() instanceof StackOverflowError, String.valueOf(e.getCause()));
        }
    }

    /** Runs {@code task} on a thread of {@code stackBytes} of stack; returns its result or throws its exception. */
    @SuppressWarnings("unchecked")
    private static <T> T onStack(long stackBytes, Callable<T> task) throws Exception {
        Object[] outcome = new Object[1];
        Thread thread = new Thread(null, () -> {
            try {
                outcome[0] = task.call();
            } catch (Exception | Error e) {
                outcome[0] = e;
            }
        }, "small-stack", stackBytes);
        thread.start();
        thread.join();
        if (outcome[0] instanceof Exception e) {
            throw e;
        }
        if (outcome[0] instanceof Error e) {
            throw e;
        }
        return (T) outcome[0];
    }
}

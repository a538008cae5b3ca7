package org.jdsm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import com.esotericsoftware.kryo.io.Input;
import java.util.ArrayList;
import java.util.List;
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
}

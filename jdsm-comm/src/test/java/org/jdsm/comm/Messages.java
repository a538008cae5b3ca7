package org.jdsm.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;

/** Self-checking test messages: sender, sequence number, then bytes derived from both. */
public final class Messages {

    private Messages() {
    }

    /** A message of {@code size} bytes (at least 8) from {@code from} with sequence number {@code seq}. */
    public static byte[] make(int from, int seq, int size) {
        byte[] message = new byte[Math.max(8, size)];
        ByteBuffer.wrap(message).putInt(from).putInt(seq);
        fill(message, from, seq);
        return message;
    }

    /** A size for message {@code seq}: mostly small, some empty-payload, an occasional 256 KiB. */
    public static int size(int seq, int maxSmall) {
        if (seq % 97 == 0) {
            return 256 << 10;
        }
        return 8 + new Random(seq).nextInt(maxSmall);
    }

    /** Checks that {@code received} are exactly messages 0..count-1 from {@code from}, in order and intact. */
    public static void checkSequence(List<byte[]> received, int from, int count, String what) {
        assertEquals(count, received.size(), what + ": message count");
        for (int seq = 0; seq < count; seq++) {
            byte[] message = received.get(seq);
            ByteBuffer header = ByteBuffer.wrap(message);
            assertEquals(from, header.getInt(), what + ": sender of message " + seq);
            assertEquals(seq, header.getInt(), what + ": FIFO order broken at position " + seq);
            byte[] expected = message.clone();
            fill(expected, from, seq);
            assertArrayEquals(expected, message, what + ": message " + seq + " corrupted");
        }
    }

    private static void fill(byte[] message, int from, int seq) {
        int x = from * 31 + seq;
        for (int i = 8; i < message.length; i++) {
            x = x * 1103515245 + 12345;
            message[i] = (byte) (x >>> 16);
        }
    }
}

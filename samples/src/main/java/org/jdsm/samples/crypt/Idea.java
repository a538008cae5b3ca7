package org.jdsm.samples.crypt;

import java.util.Random;

/**
 * IDEA (Lai and Massey), the cipher of Java Grande's Crypt (section 2): 64-bit blocks, 128-bit key,
 * eight rounds and an output transform mixing XOR, addition mod 2^16 and multiplication mod
 * 2^16 + 1 (where 0 stands for 2^16). Blocks are read big-endian, as in the cipher's
 * specification, so the published test vector applies to bytes directly.
 */
final class Idea {

    /** JGF's seed for the random user key. */
    static final long KEY_SEED = 136_506_717L;
    static final int BLOCK = 8;
    private static final int ROUNDS = 8;
    static final int SUBKEYS = 6 * ROUNDS + 4;
    private static final int MODULUS = 0x10001;

    private Idea() {
    }

    /** JGF's user key: eight 16-bit words, each the low half of {@code nextInt()} from {@code Random(136506717)}. */
    static int[] jgfUserKey() {
        Random r = new Random(KEY_SEED);
        int[] key = new int[8];
        for (int i = 0; i < key.length; i++) {
            key[i] = r.nextInt() & 0xffff;
        }
        return key;
    }

    /**
     * The 52 encryption subkeys: the 128-bit user key cut into eight 16-bit words, then rotated
     * left by 25 bits for each next eight.
     */
    static int[] encryptionKeys(int[] userKey) {
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 4; i++) {
            hi = hi << 16 | userKey[i];
            lo = lo << 16 | userKey[i + 4];
        }
        int[] z = new int[SUBKEYS];
        for (int i = 0; i < SUBKEYS; i++) {
            int w = i % 8;
            z[i] = (int) ((w < 4 ? hi >>> (48 - 16 * w) : lo >>> (48 - 16 * (w - 4))) & 0xffff);
            if (w == 7) {
                long h = hi << 25 | lo >>> 39;
                lo = lo << 25 | hi >>> 39;
                hi = h;
            }
        }
        return z;
    }

    /**
     * The 52 decryption subkeys: the encryption subkeys in reverse round order, multiplicative
     * ones inverted, additive ones negated (and swapped in the middle rounds, whose output swaps
     * the two middle words).
     */
    static int[] decryptionKeys(int[] z) {
        int[] dk = new int[SUBKEYS];
        for (int round = 0; round <= ROUNDS; round++) {
            int from = 6 * (ROUNDS - round); // the encryption round (or output transform) this one undoes
            boolean swap = round > 0 && round < ROUNDS;
            dk[6 * round] = inverse(z[from]);
            dk[6 * round + 1] = negate(z[from + (swap ? 2 : 1)]);
            dk[6 * round + 2] = negate(z[from + (swap ? 1 : 2)]);
            dk[6 * round + 3] = inverse(z[from + 3]);
            if (round < ROUNDS) {
                dk[6 * round + 4] = z[from - 2];
                dk[6 * round + 5] = z[from - 1];
            }
        }
        return dk;
    }

    /** Enciphers (or, with decryption keys, deciphers) {@code in[from, to)} into {@code out[from, to)}, block by block. */
    static void cipher(byte[] in, byte[] out, int from, int to, int[] keys) {
        for (int i = from; i < to; i += BLOCK) {
            int x1 = word(in, i);
            int x2 = word(in, i + 2);
            int x3 = word(in, i + 4);
            int x4 = word(in, i + 6);
            int k = 0;
            for (int r = 0; r < ROUNDS; r++) {
                x1 = mul(x1, keys[k++]);
                x2 = x2 + keys[k++] & 0xffff;
                x3 = x3 + keys[k++] & 0xffff;
                x4 = mul(x4, keys[k++]);
                int t0 = mul(x1 ^ x3, keys[k++]);
                int t1 = mul(t0 + (x2 ^ x4) & 0xffff, keys[k++]);
                t0 = t0 + t1 & 0xffff;
                x1 ^= t1;
                x4 ^= t0;
                int middle = x2 ^ t0;
                x2 = x3 ^ t1;
                x3 = middle;
            }
            // The output transform undoes the last round's swap of the middle words.
            putWord(out, i, mul(x1, keys[k++]));
            putWord(out, i + 2, x3 + keys[k++] & 0xffff);
            putWord(out, i + 4, x2 + keys[k++] & 0xffff);
            putWord(out, i + 6, mul(x4, keys[k]));
        }
    }

    /** Multiplication mod 2^16 + 1 of 16-bit words, 0 standing for 2^16. */
    static int mul(int a, int b) {
        long p = (long) (a == 0 ? 0x10000 : a) * (b == 0 ? 0x10000 : b) % MODULUS;
        return (int) p & 0xffff;
    }

    /** The inverse under {@link #mul}: {@code x^(p-2) mod p} (Fermat), with 0 (2^16 = -1) its own inverse. */
    static int inverse(int x) {
        long base = x == 0 ? 0x10000 : x;
        long result = 1;
        for (int e = MODULUS - 2; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result = result * base % MODULUS;
            }
            base = base * base % MODULUS;
        }
        return (int) result & 0xffff;
    }

    private static int negate(int x) {
        return -x & 0xffff;
    }

    private static int word(byte[] b, int i) {
        return (b[i] & 0xff) << 8 | b[i + 1] & 0xff;
    }

    private static void putWord(byte[] b, int i, int w) {
        b[i] = (byte) (w >>> 8);
        b[i + 1] = (byte) w;
    }
}

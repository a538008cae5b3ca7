package org.jdsm.samples.crypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CryptTest extends SampleContract {

    CryptTest() {
        // 8,008 bytes = 1,001 blocks: parts of unequal size for every thread count.
        super(Crypt.class, CryptReference.NAME, List.of("8008"), CryptPlain::run,
                args -> CryptReference.sequentialCiphertextCrc(new CryptText(CryptSize.parse(args))));
    }

    @Test
    @Timeout(10)
    void ideaMatchesThePublishedTestVector() {
        // Lai's test vector: key 0001 0002 ... 0008, plaintext 0000 0001 0002 0003.
        int[] z = Idea.encryptionKeys(new int[] {1, 2, 3, 4, 5, 6, 7, 8});
        byte[] plain = {0, 0, 0, 1, 0, 2, 0, 3};
        byte[] cipher = new byte[8];
        Idea.cipher(plain, cipher, 0, 8, z);
        assertArrayEquals(new byte[] {0x11, (byte) 0xfb, (byte) 0xed, 0x2b, 0x01, (byte) 0x98, 0x6d, (byte) 0xe5}, cipher);
        byte[] back = new byte[8];
        Idea.cipher(cipher, back, 0, 8, Idea.decryptionKeys(z));
        assertArrayEquals(plain, back);
    }

    @Test
    @Timeout(10)
    void keyScheduleRotatesBy25Bits() {
        // The second eight subkeys of key 1..8 are the key rotated left by 25 bits.
        int[] z = Idea.encryptionKeys(new int[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertArrayEquals(new int[] {0x0400, 0x0600, 0x0800, 0x0a00, 0x0c00, 0x0e00, 0x1000, 0x0200},
                Arrays.copyOfRange(z, 8, 16));
    }

    @Test
    @Timeout(10)
    void multiplicationTreatsZeroAsTwoToTheSixteen() {
        assertEquals(1, Idea.mul(0, 0)); // (-1)(-1) = 1 mod 65537
        assertEquals(0, Idea.mul(0, 1)); // 65536 * 1 = 65536, written as 0
        for (int x : new int[] {0, 1, 2, 3, 0x8000, 0xffff, 12345}) {
            assertEquals(1, Idea.mul(x, Idea.inverse(x)), "x = " + x);
        }
    }

    @Test
    @Timeout(10)
    void decryptionUndoesEncryptionForRandomKeysAndZeroWords() {
        Random r = new Random(42);
        for (int trial = 0; trial < 200; trial++) {
            int[] key = new int[8];
            for (int i = 0; i < 8; i++) {
                key[i] = trial % 5 == 0 ? 0 : r.nextInt(0x10000); // all-zero keys: every multiplier is 2^16
            }
            byte[] plain = new byte[64];
            r.nextBytes(plain);
            plain[0] = plain[1] = 0; // a zero word
            int[] z = Idea.encryptionKeys(key);
            byte[] cipher = new byte[64];
            byte[] back = new byte[64];
            Idea.cipher(plain, cipher, 0, 64, z);
            Idea.cipher(cipher, back, 0, 64, Idea.decryptionKeys(z));
            assertArrayEquals(plain, back, "trial " + trial);
        }
    }

    @Test
    @Timeout(60)
    void sizeADecryptsToTheOriginalOnThreeNodes() {
        // The job fails unless the decrypted text equals the original.
        assertEquals(CryptPlain.run(2, List.of()), runJob("lrc", 3, 1, List.of()));
    }

    @Test
    @Timeout(10)
    void aCorruptedDecryptionFails() {
        CryptText text = new CryptText(new CryptSize(64));
        byte[] cipher = new byte[64];
        Idea.cipher(text.plaintext(), cipher, 0, 64, text.encryptionKeys);
        byte[] decrypted = text.plaintext();
        decrypted[17] ^= 1;
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CryptReference.validate(text, cipher, decrypted, "corrupted"));
        assertTrue(e.getMessage().startsWith("Crypt FAIL: 1 decrypted bytes differ from the original, the first at byte 17"),
                e.getMessage());
    }

    @Test
    @Timeout(10)
    void aTextThatIsNotWholeBlocksIsAUsageError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CryptSize.parse(List.of("1001")));
        assertEquals("usage: Crypt [BYTES]; BYTES must be a multiple of 8 (IDEA blocks)", e.getMessage());
    }
}

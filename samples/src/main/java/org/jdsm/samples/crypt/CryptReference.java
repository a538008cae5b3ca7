package org.jdsm.samples.crypt;

import java.util.zip.CRC32;
import org.jdsm.samples.support.Validation;

/**
 * How a Crypt run is judged (JGF publishes no ciphertext value): the decrypted text must equal the
 * original byte for byte (JGF's check), and the ciphertext's CRC-32 must equal that of a one-thread
 * encryption, so every node and thread count produces the same ciphertext.
 */
final class CryptReference {

    static final String NAME = "Crypt";

    private CryptReference() {
    }

    static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    /** The CRC-32 of the whole text encrypted on one thread. */
    static long sequentialCiphertextCrc(CryptText text) {
        byte[] plain = text.plaintext();
        byte[] cipher = new byte[plain.length];
        Idea.cipher(plain, cipher, 0, plain.length, text.encryptionKeys);
        return crc(cipher);
    }

    /** Checks the run's ciphertext and decrypted text; prints PASS or throws. */
    static void validate(CryptText text, byte[] ciphertext, byte[] decrypted, String summary) {
        byte[] plain = text.plaintext();
        int wrong = 0;
        int firstWrong = -1;
        int unchanged = 0;
        for (int i = 0; i < plain.length; i++) {
            if (decrypted[i] != plain[i]) {
                wrong++;
                firstWrong = firstWrong < 0 ? i : firstWrong;
            }
            unchanged += ciphertext[i] == plain[i] ? 1 : 0;
        }
        long crc = crc(ciphertext);
        long expected = sequentialCiphertextCrc(text);
        Validation.of(NAME)
                .check(wrong == 0, "decrypted = original",
                        wrong + " decrypted bytes differ from the original, the first at byte " + firstWrong)
                .check(crc == expected, "ciphertext CRC-32 = " + crc,
                        "ciphertext CRC-32 = " + crc + " (expected " + expected + ", one-thread encryption)")
                // A cipher leaves about 1 byte in 256 as it was; far more means the text was not enciphered.
                .check(unchanged <= plain.length / 64 + 8, "ciphertext differs from the plaintext",
                        unchanged + " of " + plain.length + " ciphertext bytes equal the plaintext")
                .finish(crc, text.size + ", " + summary);
    }
}

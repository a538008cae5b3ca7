package org.jdsm.samples.crypt;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;

/** The same Crypt on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class CryptPlain {

    private CryptPlain() {
    }

    /** Runs Crypt with {@code args} as for {@link Crypt} on {@code threads} threads, validates, returns the ciphertext's CRC-32. */
    public static double run(int threads, List<String> args) {
        CryptText text = new CryptText(CryptSize.parse(args));
        byte[] plaintext = text.plaintext();
        byte[] ciphertext = new byte[plaintext.length];
        byte[] decrypted = new byte[plaintext.length];
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            Idea.cipher(plaintext, ciphertext, text.start(id, threads), text.end(id, threads), text.encryptionKeys);
            barrier.await();
            int next = (id + 1) % threads;
            Idea.cipher(ciphertext, decrypted, text.start(next, threads), text.end(next, threads), text.decryptionKeys);
        });
        long millis = (System.nanoTime() - began) / 1_000_000;
        CryptReference.validate(text, ciphertext, decrypted,
                "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return CryptReference.crc(ciphertext);
    }
}

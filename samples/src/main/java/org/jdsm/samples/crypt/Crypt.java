package org.jdsm.samples.crypt;

import org.jdsm.Spmd;

/**
 * Java Grande Crypt (section 2) on JDSM: IDEA encryption then decryption of JGF's text. The
 * ciphertext and the decrypted text are shared {@code byte[]}s with one block per thread's part.
 * Each thread encrypts its part; after a barrier it decrypts the next thread's part (JGF's threads
 * decrypt their own, but then no ciphertext would ever cross nodes), reading that ciphertext from
 * its home. Node 0 checks the decrypted text against the original and the ciphertext against a
 * one-thread encryption.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.crypt.Crypt [BYTES]}
 * (default: JGF size A, 3,000,000 bytes; B is 20,000,000).
 */
public class Crypt extends Spmd {

    private CryptText text;
    private byte[] plaintext;
    private byte[] ciphertext;
    private byte[] decrypted;

    @Override
    public void init() {
        text = new CryptText(CryptSize.parse(args()));
        plaintext = text.plaintext(); // every node builds the same text; it is never written
        int part = text.partBytes(threads());
        ciphertext = pool.register(new byte[plaintext.length], part);
        decrypted = pool.register(new byte[plaintext.length], part);
    }

    @Override
    public void start() {
        int t = threads();
        int me = myThread();
        int next = (me + 1) % t;
        barrier();
        long began = System.nanoTime();
        cipherPart(plaintext, ciphertext, me, text.encryptionKeys);
        barrier(); // every part's ciphertext is published
        cipherPart(ciphertext, decrypted, next, text.decryptionKeys);
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (me == 0) {
            pool.update(ciphertext);
            pool.update(decrypted);
            CryptReference.validate(text, ciphertext, decrypted,
                    nodes() + " nodes x " + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }

    /** Ciphers part {@code p} of {@code in} (fetched first if it is shared) into part {@code p} of the shared {@code out}. */
    private void cipherPart(byte[] in, byte[] out, int p, int[] keys) {
        int from = text.start(p, threads());
        int to = text.end(p, threads());
        if (from == to) {
            return;
        }
        if (pool.isShared(in)) {
            pool.update(in, from, to);
        }
        pool.acquire(out, from, to);
        Idea.cipher(in, out, from, to, keys);
        pool.release(out, from, to);
    }
}

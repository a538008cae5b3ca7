package org.jdsm.samples.crypt;

import org.jdsm.samples.support.Split;

/**
 * Java Grande Crypt's data and keys: the plaintext byte {@code i} is {@code (byte) i}, the key
 * JGF's random user key; and the split of the text into one part of whole IDEA blocks per thread.
 */
final class CryptText {

    final CryptSize size;
    final int[] encryptionKeys;
    final int[] decryptionKeys;

    CryptText(CryptSize size) {
        this.size = size;
        this.encryptionKeys = Idea.encryptionKeys(Idea.jgfUserKey());
        this.decryptionKeys = Idea.decryptionKeys(encryptionKeys);
    }

    byte[] plaintext() {
        byte[] text = new byte[size.bytes()];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) i;
        }
        return text;
    }

    /** Bytes per part: whole blocks, one part per thread, so a part is one shared block homed on its thread's node. */
    int partBytes(int threads) {
        return Split.chunk(threads, size.blocks()) * Idea.BLOCK;
    }

    /** First byte of part {@code p}. */
    int start(int p, int threads) {
        return Split.chunkStart(p, threads, size.blocks()) * Idea.BLOCK;
    }

    /** One past the last byte of part {@code p}. */
    int end(int p, int threads) {
        return Split.chunkEnd(p, threads, size.blocks()) * Idea.BLOCK;
    }
}

package org.jdsm.samples.crypt;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** A Crypt problem: {@code bytes} bytes of text, a whole number of 8-byte IDEA blocks (JGF size A, 3,000,000, by default). */
record CryptSize(int bytes) {

    static final String USAGE = "Crypt [BYTES]";

    static CryptSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        CryptSize size = new CryptSize(a.positive(0, 3_000_000));
        a.require(size.bytes % Idea.BLOCK == 0, "BYTES must be a multiple of " + Idea.BLOCK + " (IDEA blocks)");
        return size;
    }

    int blocks() {
        return bytes / Idea.BLOCK;
    }

    @Override
    public String toString() {
        return bytes + " bytes";
    }
}

package org.jdsm.launch.cluster;

import java.io.IOException;

/**
 * One line of a rank's output (payload of {@link FrameType#OUT} and {@link FrameType#ERR}).
 *
 * @param rank the rank that printed it
 * @param text the line, without its line break
 */
public record Line(int rank, String text) {

    public byte[] encode() {
        return Payload.encode(w -> w.integer(rank).string(text));
    }

    public static Line decode(byte[] payload) throws IOException {
        Payload.Reader r = Payload.decode(payload);
        return new Line(r.integer(), r.string());
    }
}

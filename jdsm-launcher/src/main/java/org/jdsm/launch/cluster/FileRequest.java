package org.jdsm.launch.cluster;

import java.io.IOException;

/**
 * A node asks the client to read or write one of its files (payload of {@link FrameType#FILE_REQUEST}).
 *
 * @param rank  the asking rank, to route the reply
 * @param id    tells the rank's concurrent requests apart
 * @param write write {@code data} to {@code path}, else read {@code path}
 * @param path  the file on the client's machine
 * @param data  what to write; empty for a read
 */
public record FileRequest(int rank, int id, boolean write, String path, byte[] data) {

    public byte[] encode() {
        return Payload.encode(w -> w.integer(rank).integer(id).flag(write).string(path).bytes(data));
    }

    public static FileRequest decode(byte[] payload) throws IOException {
        Payload.Reader r = Payload.decode(payload);
        return new FileRequest(r.integer(), r.integer(), r.flag(), r.string(), r.bytes());
    }
}

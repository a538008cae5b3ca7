package org.jdsm.launch.cluster;

import java.io.IOException;

/**
 * The client's answer to a {@link FileRequest} (payload of {@link FrameType#FILE_REPLY}).
 *
 * @param rank  the rank that asked
 * @param id    the request's id
 * @param error why it failed, or null on success
 * @param data  the file's content for a read; empty otherwise
 */
public record FileReply(int rank, int id, String error, byte[] data) {

    public byte[] encode() {
        return Payload.encode(w -> w.integer(rank).integer(id).flag(error != null).string(error == null ? "" : error)
                .bytes(data));
    }

    public static FileReply decode(byte[] payload) throws IOException {
        Payload.Reader r = Payload.decode(payload);
        int rank = r.integer();
        int id = r.integer();
        boolean failed = r.flag();
        String error = r.string();
        return new FileReply(rank, id, failed ? error : null, r.bytes());
    }
}

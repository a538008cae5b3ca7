package org.jdsm.launch.cluster;

import java.io.IOException;
import java.util.List;

/**
 * How a server or the whole job ended (payload of {@link FrameType#EXIT}).
 *
 * @param code  the exit code ({@link org.jdsm.launch.ExitCodes})
 * @param lines what to tell the user (the manager's summary); none from a server
 */
public record Exit(int code, List<String> lines) {

    public Exit {
        lines = List.copyOf(lines);
    }

    public byte[] encode() {
        return Payload.encode(w -> w.integer(code).strings(lines));
    }

    public static Exit decode(byte[] payload) throws IOException {
        Payload.Reader r = Payload.decode(payload);
        return new Exit(r.integer(), r.strings());
    }
}

package org.jdsm.launch.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Encoding of frame payloads: ints, booleans, length-prefixed byte arrays, UTF-8 strings of any
 * length (unlike {@code writeUTF}'s 64 KiB) and lists of strings.
 */
public final class Payload {

    /** Writes one payload's fields in order. */
    @FunctionalInterface
    public interface Body {
        /** Writes the fields to {@code out}. */
        void write(Writer out) throws IOException;
    }

    private Payload() {
    }

    /** The bytes that {@code body} writes. */
    public static byte[] encode(Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            body.write(new Writer(new DataOutputStream(bytes)));
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /** A reader over {@code payload}. */
    public static Reader decode(byte[] payload) {
        return new Reader(new DataInputStream(new ByteArrayInputStream(payload)));
    }

    /** UTF-8 text as a payload of its own. */
    public static byte[] text(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A payload that is UTF-8 text. */
    public static String text(byte[] payload) {
        return new String(payload, StandardCharsets.UTF_8);
    }

    /** Writes fields. */
    public static final class Writer {
        private final DataOutputStream out;

        private Writer(DataOutputStream out) {
            this.out = out;
        }

        public Writer integer(int v) throws IOException {
            out.writeInt(v);
            return this;
        }

        public Writer flag(boolean v) throws IOException {
            out.writeBoolean(v);
            return this;
        }

        public Writer bytes(byte[] v) throws IOException {
            out.writeInt(v.length);
            out.write(v);
            return this;
        }

        public Writer string(String v) throws IOException {
            return bytes(v.getBytes(StandardCharsets.UTF_8));
        }

        public Writer strings(List<String> v) throws IOException {
            out.writeInt(v.size());
            for (String s : v) {
                string(s);
            }
            return this;
        }
    }

    /** Reads fields in the order they were written; a short or garbled payload is an IOException. */
    public static final class Reader {
        private final DataInputStream in;

        private Reader(DataInputStream in) {
            this.in = in;
        }

        public int integer() throws IOException {
            return in.readInt();
        }

        public boolean flag() throws IOException {
            return in.readBoolean();
        }

        public byte[] bytes() throws IOException {
            int length = in.readInt();
            if (length < 0 || length > in.available()) {
                throw new IOException("garbled payload: field of " + length + " bytes");
            }
            return in.readNBytes(length);
        }

        public String string() throws IOException {
            return new String(bytes(), StandardCharsets.UTF_8);
        }

        public List<String> strings() throws IOException {
            int count = in.readInt();
            if (count < 0 || count > in.available()) {
                throw new IOException("garbled payload: list of " + count + " strings");
            }
            List<String> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                out.add(string());
            }
            return out;
        }
    }
}

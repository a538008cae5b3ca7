package org.jdsm.bench.serial;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * JDK serialization: a fresh {@link ObjectOutputStream}/{@link ObjectInputStream} per message
 * (as a message-passing layer must: each message is decoded on its own), over a reused
 * byte-array stream that is decoded in place, like the other codecs.
 */
final class JdkCodec implements Codec {

    private final ReusedBytes bytes = new ReusedBytes();

    /** A byte-array stream whose bytes can be read without copying them out. */
    private static final class ReusedBytes extends ByteArrayOutputStream {
        ReusedBytes() {
            super(4096);
        }

        ByteArrayInputStream reader() {
            return new ByteArrayInputStream(buf, 0, count);
        }
    }

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public double[] roundTrip(double[] data) throws IOException, ClassNotFoundException {
        encode(data);
        try (ObjectInputStream in = new ObjectInputStream(bytes.reader())) {
            return (double[]) in.readObject();
        }
    }

    @Override
    public int encodedSize(double[] data) throws IOException {
        encode(data);
        return bytes.size();
    }

    private void encode(double[] data) throws IOException {
        bytes.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(data);
        }
    }
}

package org.jdsm.bench.serial;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * JDK serialization: a fresh {@link ObjectOutputStream}/{@link ObjectInputStream} per message
 * (as a message-passing layer must: each message is decoded on its own), over a reused
 * byte-array stream.
 */
final class JdkCodec implements Codec {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public byte[] encode(double[] data) throws IOException {
        bytes.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(data);
        }
        return bytes.toByteArray();
    }

    @Override
    public double[] decode(byte[] data) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
            return (double[]) in.readObject();
        }
    }
}

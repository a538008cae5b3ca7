package org.jdsm.protocol.suite;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * A user value whose decoding fails for one value, as a broken custom serializer would, when a
 * message brings it: not on the job's own threads, whose copies of it (twins) decode it too.
 */
public final class Poison implements KryoSerializable {
    /** Refuses on the job's threads too (copies of it fail wherever they are made). */
    public static volatile boolean everywhere;
    /** 13 refuses to be decoded. */
    public long value;

    @Override
    public void write(Kryo kryo, Output output) {
        output.writeLong(value);
    }

    @Override
    public void read(Kryo kryo, Input input) {
        value = input.readLong();
        if (value == 13 && (everywhere || !Thread.currentThread().getName().matches("jdsm-n\\d+-t\\d+"))) {
            throw new IllegalStateException("value 13 refuses to be decoded");
        }
    }
}

package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.KryoSerializableSerializer;

/**
 * Kryo's serializer for a user class that implements {@link KryoSerializable} (its own
 * {@code write} and {@code read}), which Kryo cannot copy: a non-home writer's twin of such a value
 * failed the job at its first write. A copy here is the value written and read back with the class's
 * own methods, by another Kryo of the pool: the one asking may be in the middle of a copy, whose
 * bookkeeping a nested write would reset.
 */
final class EncodedCopies extends KryoSerializableSerializer {

    private final KryoPool roundTrips;

    EncodedCopies(KryoPool roundTrips) {
        this.roundTrips = roundTrips;
    }

    @Override
    public KryoSerializable copy(Kryo kryo, KryoSerializable original) {
        Kryo other = roundTrips.obtain();
        try {
            Output out = new Output(256, -1);
            other.writeObject(out, original);
            return other.readObject(new Input(out.getBuffer(), 0, out.position()), original.getClass());
        } finally {
            roundTrips.free(other);
        }
    }
}

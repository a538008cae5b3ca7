package org.jdsm.bench.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Plain Kryo with its default {@link Output}/{@link Input} (per-element array loops) and the same
 * settings as JDSM's WireFormat (references on, double[] registered), so the difference between
 * this column and "jdsm" is the bulk path. The output buffer is reused and decoded in place, like
 * WireFormat's.
 */
final class KryoCodec implements Codec {

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(4096, -1);

    KryoCodec() {
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        kryo.register(double[].class);
    }

    @Override
    public String name() {
        return "kryo";
    }

    @Override
    public double[] roundTrip(double[] data) {
        encode(data);
        return (double[]) kryo.readClassAndObject(new Input(output.getBuffer(), 0, output.position()));
    }

    @Override
    public int encodedSize(double[] data) {
        encode(data);
        return output.position();
    }

    private void encode(double[] data) {
        output.reset();
        kryo.writeClassAndObject(output, data);
    }
}

package org.jdsm.bench.serial;

import org.jdsm.wire.WireFormat;

/** JDSM's {@link WireFormat}: Kryo with bulk primitive-array copies. */
final class WireCodec implements Codec {

    private final WireFormat wire = new WireFormat();

    @Override
    public String name() {
        return "jdsm";
    }

    @Override
    public byte[] encode(double[] data) {
        return wire.encode(data);
    }

    @Override
    public double[] decode(byte[] bytes) {
        return (double[]) wire.decode(bytes);
    }
}

package org.jdsm.bench.serial;

import org.jdsm.wire.WireFormat;

/**
 * JDSM's {@link WireFormat} as Trans uses it: encoded into the thread's reused buffer, decoded
 * straight from it (Kryo with bulk primitive-array copies).
 */
final class WireCodec implements Codec {

    private final WireFormat wire = new WireFormat();

    @Override
    public String name() {
        return "jdsm";
    }

    @Override
    public double[] roundTrip(double[] data) {
        double[][] decoded = new double[1][];
        wire.encode(out -> { }, data, (buffer, length) -> decoded[0] = (double[]) wire.readPayload(wire.open(buffer, length)));
        return decoded[0];
    }

    @Override
    public int encodedSize(double[] data) {
        return wire.encode(data).length;
    }
}

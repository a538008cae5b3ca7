package org.jdsm.bench.serial;

/**
 * One way to turn a {@code double[]} into bytes and back, the way a message layer uses it: encode
 * into the codec's reused send buffer, decode from those bytes into a new array.
 */
interface Codec {

    /** Column name in the report. */
    String name();

    /** Encodes {@code data} and decodes the bytes again; returns the decoded copy. */
    double[] roundTrip(double[] data) throws Exception;

    /** Bytes that {@code data} encodes to. */
    int encodedSize(double[] data) throws Exception;
}

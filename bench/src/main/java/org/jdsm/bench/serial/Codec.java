package org.jdsm.bench.serial;

/** One way to turn a {@code double[]} into bytes and back. */
interface Codec {

    /** Column name in the report. */
    String name();

    byte[] encode(double[] data) throws Exception;

    double[] decode(byte[] bytes) throws Exception;
}

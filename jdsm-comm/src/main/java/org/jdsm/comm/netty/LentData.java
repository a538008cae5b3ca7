package org.jdsm.comm.netty;

/** A DATA payload in the decoder's reused buffer: bytes {@code [0, length)}, valid until the read handler returns. */
record LentData(byte[] buffer, int length) {
}

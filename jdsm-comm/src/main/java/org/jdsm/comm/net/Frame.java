package org.jdsm.comm.net;

/** One decoded frame: its {@link Frames type code} and its payload (owned by the receiver). */
public record Frame(byte type, byte[] payload) {
}

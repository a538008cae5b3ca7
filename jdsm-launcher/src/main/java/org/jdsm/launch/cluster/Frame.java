package org.jdsm.launch.cluster;

/**
 * One message on a submit stream.
 *
 * @param type    what it is
 * @param payload its body, encoded as the type prescribes ({@link Payload})
 */
public record Frame(FrameType type, byte[] payload) {
}

package org.jdsm.runtime;

import java.io.IOException;

/**
 * Files on the machine the job was started from (the paper's Client as a file server), as seen by
 * one node through {@link org.jdsm.Spmd#readClientFile} and {@link org.jdsm.Spmd#writeClientFile}.
 * A launcher gives {@link NodeRuntime} the implementation that fits: under {@code jdsm run} the
 * node is on the client's machine and reads its files directly ({@link LocalClientFiles}); under
 * {@code jdsm submit} requests travel back to the laptop over the ssh stream.
 */
public interface ClientFiles {

    /** The whole content of the file at {@code path} on the client's machine. */
    byte[] read(String path) throws IOException;

    /** Creates or replaces the file at {@code path} on the client's machine with {@code data}. */
    void write(String path, byte[] data) throws IOException;
}

package org.jdsm.launch.cluster;

/**
 * The kinds of frame on the submit streams: Client (laptop) to and from ClusterManager (gateway),
 * over the stdin and stdout of an ssh exec channel, and ClusterManager to and from each
 * ClusterServer (node), over the stdin and stdout of an ssh process. The manager relays most frames
 * unchanged. Each side is the same build (the runtime jar is addressed by its hash), and
 * {@link #HELLO}/{@link #START} carry the version to make sure of it.
 */
public enum FrameType {
    /** Client to manager, first: versions, secret and the job ({@link Hello}). */
    HELLO,
    /** The job jar and the jars its manifest Class-Path names ({@link JobJars}), once: client to manager, manager to each server. */
    JAR,
    /** Manager to server, first: versions, secret, rendezvous and the node's arguments ({@link ServerStart}). */
    START,
    /** Bytes for rank 0's stdin: client to manager to rank 0's server. */
    STDIN,
    /** The client's stdin has ended. */
    STDIN_END,
    /** One line of a rank's stdout ({@link Line}): server to manager to client. */
    OUT,
    /** One line of a rank's stderr ({@link Line}). */
    ERR,
    /** A node asks for a file of the client ({@link FileRequest}): server to manager to client. */
    FILE_REQUEST,
    /** The client's answer ({@link FileReply}): client to manager to the asking server. */
    FILE_REPLY,
    /** A progress line from the manager for the user (UTF-8 text). */
    INFO,
    /** How it ended ({@link Exit}): server to manager, then manager to client. */
    EXIT,
    /** Stop now (UTF-8 reason): client to manager (Ctrl-C), manager to servers. */
    ABORT,
    /** Heartbeat, both ways on every link; silence means the other side is gone ({@link Liveness}). */
    BEAT,
    /** Rank 0 may take this many more stdin bytes ({@link StdinCredit}): rank 0's server to manager to client. */
    STDIN_CREDIT
}

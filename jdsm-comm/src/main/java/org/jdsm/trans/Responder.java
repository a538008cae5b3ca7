package org.jdsm.trans;

/** Answers one request; exactly one of the methods is called, from any thread, at any time. */
public interface Responder {

    /** Completes the requester's future with {@code response}. */
    void reply(Object response);

    /** Fails the requester's future with a {@link RemoteException} carrying {@code reason}. */
    void fail(String reason);
}

package org.jdsm.comm.ucx;

import org.jdsm.comm.CommException;

/** A UCX call failed; the message names the call and UCX's status. Thrown by the native shim too. */
public class UcxException extends CommException {
    private static final long serialVersionUID = 1L;

    public UcxException(String message) {
        super(message);
    }
}

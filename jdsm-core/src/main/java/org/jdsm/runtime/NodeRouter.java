package org.jdsm.runtime;

import org.jdsm.SharedObjectPool;
import org.jdsm.trans.MessageHandler;
import org.jdsm.trans.Responder;

/** Splits one node's incoming traffic between the runtime (control messages), the pool's condition waits and the protocol. */
final class NodeRouter implements MessageHandler {

    private final NodeRuntime runtime;
    private final SharedObjectPool pool;

    NodeRouter(NodeRuntime runtime, SharedObjectPool pool) {
        this.runtime = runtime;
        this.pool = pool;
    }

    /** Control messages never wait; the protocol decides for its own. */
    @Override
    public boolean nonBlocking() {
        return pool.nonBlocking();
    }

    @Override
    public void received(int fromNode, Object message) {
        if (message instanceof ControlMessage.Stopping stopping) {
            runtime.peerStopping(stopping);
        } else if (message instanceof ConditionMessage condition) {
            pool.conditionMessage(fromNode, condition, null);
        } else {
            pool.received(fromNode, message);
        }
    }

    @Override
    public void requested(int fromNode, Object request, Responder responder) {
        if (request instanceof ControlMessage control) {
            runtime.control(fromNode, control, responder);
        } else if (request instanceof ConditionMessage condition) {
            pool.conditionMessage(fromNode, condition, responder);
        } else {
            pool.requested(fromNode, request, responder);
        }
    }

    @Override
    public void expressReceived(int fromNode, byte[] message) {
        pool.expressReceived(fromNode, message);
    }

    @Override
    public void peerFailed(int node, Throwable cause) {
        pool.peerFailed(node, cause);
        runtime.peerFailed(node, cause);
    }

    @Override
    public void failed(int fromNode, Throwable error) {
        runtime.internalError(fromNode, error);
    }
}

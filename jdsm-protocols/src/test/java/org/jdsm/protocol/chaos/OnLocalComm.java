package org.jdsm.protocol.chaos;

import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.local.LocalComm;

/** A test Comm built on a {@link LocalComm}: forwards everything to it, for subclasses to change what they test. */
abstract class OnLocalComm implements Comm {

    /** The Comm that really carries the messages. */
    protected final LocalComm inner = new LocalComm();

    @Override
    public void init(CommConfig config, Dispatcher dispatcher) {
        inner.init(config, dispatcher);
    }

    @Override
    public void fin() {
        inner.fin();
    }

    @Override
    public int myNode() {
        return inner.myNode();
    }

    @Override
    public int nodes() {
        return inner.nodes();
    }

    @Override
    public void asend(int node, byte[] message) {
        inner.asend(node, message);
    }

    @Override
    public void expressSend(int node, byte[] message) {
        inner.expressSend(node, message);
    }
}

package org.jdsm.protocol.chaos;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.local.LocalComm;

/**
 * A {@link LocalComm} on which every send made by one of the runtime's Comm worker threads
 * ({@code jdsm-trans-*}, which report a failed message handler, among other work) takes 20 ms, as
 * on a congested link, while the job's own threads and the delivery threads send at once: a node
 * whose failure is reported there takes a while to tell the others.
 */
public final class SlowWorkerSendsComm implements Comm {

    private static final long DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private final LocalComm inner = new LocalComm();

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
        lag();
        inner.asend(node, message);
    }

    @Override
    public void expressSend(int node, byte[] message) {
        lag();
        inner.expressSend(node, message);
    }

    private static void lag() {
        if (Thread.currentThread().getName().startsWith("jdsm-trans-")) {
            LockSupport.parkNanos(DELAY_NANOS);
        }
    }
}

package org.jdsm.protocol.chaos;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.comm.local.LocalComm;

/**
 * A {@link LocalComm} on which every send made by one of the runtime's Comm worker threads
 * ({@code jdsm-trans-*}, which report a failed message handler, among other work) takes 20 ms, as
 * on a congested link, while the job's own threads and the delivery threads send at once: a node
 * whose failure is reported there takes a while to tell the others.
 */
public final class SlowWorkerSendsComm extends OnLocalComm {

    private static final long DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    @Override
    public void asend(int node, byte[] message) {
        lag();
        super.asend(node, message);
    }

    @Override
    public void expressSend(int node, byte[] message) {
        lag();
        super.expressSend(node, message);
    }

    private static void lag() {
        if (Thread.currentThread().getName().startsWith("jdsm-trans-")) {
            LockSupport.parkNanos(DELAY_NANOS);
        }
    }
}

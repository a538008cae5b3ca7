package org.jdsm.instrument.programs;

import org.jdsm.Spmd;

/**
 * Waits on a static lock object, whose monitor is a job-wide lock: refused, naming this line (the
 * lock would stay held while waiting, and a notify on another node would never come).
 */
public class WaitOnStaticLockPlain extends Spmd {

    private static final Object LOCK = new Object();

    @Override
    public void start() {
        synchronized (LOCK) {
            try {
                LOCK.wait(1); // line 17: named in the error
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}

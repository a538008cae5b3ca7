package org.jdsm.instrument.programs;

import org.jdsm.Spmd;

/** Waits on a private object (allowed), then on a shared one (refused, naming this line). */
public class WaitOnSharedPlain extends Spmd {

    Counter counter;

    @Override
    public void init() {
        counter = pool.register(new Counter());
    }

    @Override
    public void start() {
        Object local = new Object();
        synchronized (local) {
            local.notifyAll();
            try {
                local.wait(1);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        synchronized (counter) {
            try {
                counter.wait(1); // line 28: named in the error
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}

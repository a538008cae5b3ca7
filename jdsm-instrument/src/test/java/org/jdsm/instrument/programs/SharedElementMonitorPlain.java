package org.jdsm.instrument.programs;

import org.jdsm.instrument.Results;

/**
 * {@code synchronized (counters[b]) { counters[b].add(); }} with {@code counters} a shared array
 * held in a field of the job and {@code add} synchronized: the element's monitor is entered twice.
 * A fetch replaces a shared array's elements, so a job-wide lock per index would stand for several
 * Java monitors on a node and deadlock (a thread holding the index's lock waits for the new
 * element's monitor, held by a thread waiting for the lock). Records the total (not exact: the
 * monitors stay private).
 */
public class SharedElementMonitorPlain extends ElementMonitorPlain {

    @Override
    public void start() {
        for (int r = 0; r < 50; r++) {
            for (int b = 0; b < counters.length; b++) {
                synchronized (counters[b]) {
                    counters[b].add();
                }
            }
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), counters[0].n);
    }
}

package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A loop entered right after {@code barrier()}: its index starts before the call, so the loop's
 * head (where the checks before the loop go) directly follows the call. Every round each thread
 * rewrites a segment homed on another node, then every thread checks the whole array (so the
 * writer's permission to write ends). Args: segment length, rounds.
 */
public class BarrierBeforeLoopPlain extends Spmd {

    int m;
    int[] a;

    @Override
    public void init() {
        m = Integer.parseInt(args().get(0));
        a = pool.register(new int[m * threads()], 4);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(1));
        int segment = (myThread() + threadsPerNode()) % threads(); // homed on another node
        for (int round = 1; round <= rounds; round++) {
            int i = segment * m;
            int to = i + m;
            barrier();
            while (i < to) {
                a[i] = round * 1000 + i;
                i++;
            }
            barrier();
            for (int k = 0; k < a.length; k++) {
                AliasesPlain.check(a[k] == round * 1000 + k, "round " + round + ": a[" + k + "] = " + a[k]);
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}

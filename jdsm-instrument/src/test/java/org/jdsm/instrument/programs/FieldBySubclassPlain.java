package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Counted loops whose bound or array is a field that the loop body changes through a reference of
 * another static type ({@code ((Base) s).n = m} against the head's {@code s.n}): javac names the
 * qualifier's class in each field reference, so the two are different constant pool entries for
 * one field. The loop's checks, made before it for the first bound or array, must not be taken as
 * covering it. Each thread writes a segment homed on another node; all check every element.
 */
public class FieldBySubclassPlain extends Spmd {

    /** Declares the fields. */
    public static class Base {
        public int n;
        public int[] data;
    }

    /** Inherits them: {@code sub.n} is a reference to {@code Sub.n}. */
    public static class Sub extends Base {
    }

    static final int M = 8;
    int[] bounded;
    int[] switchedTo;

    @Override
    public void init() {
        bounded = pool.register(new int[M * threads()], 2);
        switchedTo = pool.register(new int[M * threads()], 2);
    }

    @Override
    public void start() {
        int base = (myThread() + threadsPerNode()) % threads() * M; // homed on another node
        Sub s = new Sub();
        s.n = 1;
        for (int j = 0; j < s.n; j++) { // the bound grows in the first iteration
            bounded[base + j] = base + j + 1;
            ((Base) s).n = M;
        }
        Sub h = new Sub();
        h.data = new int[switchedTo.length];
        for (int j = 0; j < M; j++) { // the array changes after the first iteration
            h.data[base + j] = base + j + 1;
            ((Base) h).data = switchedTo;
        }
        switchedTo[base] = base + 1;
        barrier();
        for (int k = 0; k < M * threads(); k++) {
            AliasesPlain.check(bounded[k] == k + 1, "bounded[" + k + "] = " + bounded[k]);
            AliasesPlain.check(switchedTo[k] == k + 1, "switchedTo[" + k + "] = " + switchedTo[k]);
        }
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}

package org.jdsm.instrument.programs;

import java.util.Arrays;
import java.util.List;
import org.jdsm.Spmd;

/** Takes a live list view of a shared array, which instrumented code refuses. */
public class AsListPlain extends Spmd {

    Integer[] boxes;

    @Override
    public void init() {
        boxes = pool.register(new Integer[] {1, 2, 3}, 3);
    }

    @Override
    public void start() {
        List<Integer> view = Arrays.asList(boxes);
        view.set(0, myThread());
    }
}

package org.jdsm.instrument.programs;

import java.nio.DoubleBuffer;
import org.jdsm.Spmd;

/** Wraps a shared array in a {@code java.nio} buffer, a live view that instrumented code refuses. */
public class BufferViewPlain extends Spmd {

    double[] values;

    @Override
    public void init() {
        values = pool.register(new double[] {1, 2, 3}, 3);
    }

    @Override
    public void start() {
        DoubleBuffer view = DoubleBuffer.wrap(values);
        view.put(0, myThread());
    }
}

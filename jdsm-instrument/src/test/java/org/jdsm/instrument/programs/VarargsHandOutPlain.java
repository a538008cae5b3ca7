package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;
import org.jdsm.instrument.programs.HandedOutElementsPlain.Cell;

/**
 * Elements of a shared array handed out by a JDK method that takes the array as its varargs,
 * then changed in place: {@code Stream.of(cells).forEach(..)}, {@code List.of(cells)} and {@code
 * Collections.addAll(list, cells)} ({@code Arrays.asList} of a shared array is refused). Each
 * thread changes the elements {@code k} with {@code k % threads() == myThread()}; after a barrier
 * every thread checks all.
 */
public class VarargsHandOutPlain extends Spmd {

    private static final int PER_THREAD = 3;

    Cell[] streamed;
    Cell[] listed;
    Cell[] added;

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        streamed = pool.register(HandedOutElementsPlain.cells(n), 2);
        listed = pool.register(HandedOutElementsPlain.cells(n), 2);
        added = pool.register(HandedOutElementsPlain.cells(n), 2);
    }

    @Override
    public void start() {
        int me = myThread();
        int t = threads();
        Stream.of(streamed).filter(c -> c.id % t == me).forEach(c -> c.v = 10 + c.id);
        List.of(listed).forEach(c -> {
            if (c.id % t == me) {
                c.v = 20 + c.id;
            }
        });
        List<Cell> mine = new ArrayList<>();
        Collections.addAll(mine, added);
        for (Cell c : mine) {
            if (c.id % t == me) {
                c.v = 30 + c.id;
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < streamed.length; i++) {
            expect(failed, "streamed " + i, streamed[i].v == 10 + i);
            expect(failed, "listed " + i, listed[i].v == 20 + i);
            expect(failed, "added " + i, added[i].v == 30 + i);
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok && failed.size() < 12) {
            failed.add(what);
        }
    }
}

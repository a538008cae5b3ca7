package org.jdsm.instrument.programs;

import java.util.function.IntConsumer;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Fields of shared objects (written directly and from their own methods), a constructor that
 * writes a shared array, an inner class and a lambda that write shared arrays.
 */
public class ObjectsPlain extends Spmd {

    Particle[] particles;
    int[] stamps;
    int[] cells;
    int[] squares;

    /** Its constructor writes into a shared array. */
    static final class Stamp {
        final int value;

        Stamp(int[] target, int index, int value) {
            this.value = value;
            target[index] = value;
        }
    }

    /** An inner class writing the outer object's shared array. */
    final class CellWriter {
        void write(int i) {
            cells[i] = i + 100;
        }
    }

    @Override
    public void init() {
        int count = Integer.parseInt(args().get(0));
        particles = new Particle[count];
        for (int k = 0; k < count; k++) {
            particles[k] = pool.register(new Particle());
        }
        stamps = pool.register(new int[count], 3);
        cells = pool.register(new int[count], 5);
        squares = pool.register(new int[count], 7);
    }

    @Override
    public void start() {
        int me = myThread();
        int t = threads();
        CellWriter writer = new CellWriter();
        IntConsumer square = i -> squares[i] = i * i;
        // Array by array, each in ascending order: under SC a written block stays taken until the
        // barrier, and threads taking blocks of several arrays in different orders could deadlock.
        for (int k = me; k < particles.length; k += t) {
            Particle p = particles[k];
            p.x = k;
            p.move(0.5);
            p.move(0.25);
        }
        for (int k = me; k < particles.length; k += t) {
            new Stamp(stamps, k, k * 11);
        }
        for (int k = me; k < particles.length; k += t) {
            writer.write(k);
        }
        for (int k = me; k < particles.length; k += t) {
            square.accept(k);
        }
        barrier();
        for (int k = 0; k < particles.length; k++) {
            Particle p = particles[k];
            AliasesPlain.check(p.x == k + 0.75 && p.moves == 2, "particle " + k);
            AliasesPlain.check(stamps[k] == k * 11, "stamp " + k);
            AliasesPlain.check(cells[k] == k + 100, "cell " + k);
            AliasesPlain.check(squares[k] == k * k, "square " + k);
        }
        Results.put(getClass().getSimpleName() + me, "ok");
    }
}

package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Objects changed in place by their own methods, called on an element of a shared array or on an
 * ordinary object in a field of a registered one: {@code cells[i].move(k)} (writes {@code this.x}),
 * a setter, a method that calls another method of {@code this} that writes, a method inherited
 * from a superclass, a final method called in a counted loop (checked before it), and
 * {@code holder.inner.increment()}. Only the holder's content says the write
 * happened. Threads of both nodes change interleaved elements of the same blocks; after a barrier
 * every thread reads every value, through a getter that only reads ({@link Body#getX}) and
 * directly.
 */
public class MethodsInPlacePlain extends Spmd {

    /** A superclass whose method writes a field of the object it is called on. */
    public static class Base {
        public int count;

        public void bump() {
            count++;
        }
    }

    /** An element changed by its own methods; never registered itself. */
    public static class Body extends Base {
        public int x;

        public void move(int k) {
            x += k;
        }

        public void setX(int v) {
            x = v;
        }

        /** Writes only through another method of {@code this}. */
        public void shift(int k) {
            move(2 * k);
        }

        public int getX() {
            return x;
        }

        /** Final, of the class that loops: the loop below is counted, its check made before it. */
        public final void step(int k) {
            x += k;
        }

        static void stepAll(Body[] bodies, int from, int to, int k) {
            for (int i = from; i < to; i++) {
                bodies[i].step(k);
            }
        }
    }

    /** An ordinary object held in a field of a shared one. */
    public static class Inner {
        private int n;

        public void increment() {
            n++;
        }

        public int n() {
            return n;
        }
    }

    /** A registered object holding an {@link Inner}. */
    public static class Holder {
        public Inner inner = new Inner();
    }

    private static final int PER_THREAD = 3; // not a multiple of the block: threads of both nodes share blocks

    // One array per form, so that no other form's check publishes its changes.
    Body[] moved;
    Body[] set;
    Body[] shifted;
    Body[] bumped;
    Object[] movedAsObjects; // cast between the load and the call
    Body[] stepped;
    Holder[] holders;

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        moved = pool.register(newBodies(n), 4);
        set = pool.register(newBodies(n), 4);
        shifted = pool.register(newBodies(n), 4);
        bumped = pool.register(newBodies(n), 4);
        movedAsObjects = pool.register(newBodies(n), 4);
        stepped = pool.register(newBodies(n), 4);
        holders = new Holder[n];
        for (int k = 0; k < n; k++) {
            holders[k] = pool.register(new Holder());
        }
    }

    private static Body[] newBodies(int n) {
        Body[] bodies = new Body[n];
        for (int i = 0; i < n; i++) {
            bodies[i] = new Body();
        }
        return bodies;
    }

    /** The sum of {@code getX()} over {@code bodies}: a read through a getter, in a loop. */
    static long sumOfX(Body[] bodies) {
        long sum = 0;
        for (int i = 0; i < bodies.length; i++) {
            sum += bodies[i].getX();
        }
        return sum;
    }

    @Override
    public void start() {
        int me = myThread();
        int t = threads();
        int n = moved.length;
        // Array by array (under SC a written block stays taken until the barrier).
        for (int i = me; i < n; i += t) {
            moved[i].move(i + 1);
        }
        for (int i = me; i < n; i += t) {
            set[i].setX(i * 3);
        }
        for (int i = me; i < n; i += t) {
            shifted[i].shift(i);
        }
        for (int i = me; i < n; i += t) {
            bumped[i].bump();
        }
        for (int i = me; i < n; i += t) {
            ((Body) movedAsObjects[i]).move(i + 2);
        }
        Body.stepAll(stepped, me * PER_THREAD, (me + 1) * PER_THREAD, 5);
        barrier();
        for (int k = me; k < n; k += t) {
            holders[k].inner.increment();
        }
        barrier();
        for (int i = 0; i < n; i++) {
            AliasesPlain.check(moved[i].x == i + 1, "moved[" + i + "].x " + moved[i].x);
            AliasesPlain.check(set[i].x == i * 3, "set[" + i + "].x " + set[i].x);
            AliasesPlain.check(shifted[i].x == 2 * i, "shifted[" + i + "].x " + shifted[i].x);
            AliasesPlain.check(bumped[i].count == 1, "bumped[" + i + "].count " + bumped[i].count);
            int asObject = ((Body) movedAsObjects[i]).x;
            AliasesPlain.check(asObject == i + 2, "movedAsObjects[" + i + "].x " + asObject);
            AliasesPlain.check(stepped[i].x == 5, "stepped[" + i + "].x " + stepped[i].x);
            AliasesPlain.check(holders[i].inner.n() == 1, "holders[" + i + "].inner.n " + holders[i].inner.n());
        }
        long expected = (long) n * (n + 1) / 2;
        AliasesPlain.check(sumOfX(moved) == expected, "sum of getX() over moved: " + sumOfX(moved) + ", not " + expected);
        Results.put(getClass().getSimpleName() + me, "ok");
    }
}

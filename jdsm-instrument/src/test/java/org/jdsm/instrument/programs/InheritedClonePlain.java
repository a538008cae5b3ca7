package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared objects copied by the {@code Object.clone()} their class inherits, called as {@code
 * clone()} and {@code other.clone()} from the class's own code (javac's {@code invokevirtual} of the
 * class's {@code clone}, not {@code super.clone()}), also from a subclass's method. Node 1 writes
 * each object between two barriers; every node read them before, so on three or more nodes one
 * node (neither writer nor home) holds copies the barrier made stale.
 */
public class InheritedClonePlain extends Spmd {

    /** Copies itself with the clone it inherits. */
    public static class Box implements Cloneable {
        int v;

        Box copy() {
            try {
                return (Box) clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }

        static Box copyOf(Box box) {
            try {
                return (Box) box.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Copies itself through its superclass's method. */
    public static class Pair extends Box {
        int w;

        Pair copyPair() {
            return (Pair) copy();
        }
    }

    Box copied;
    Box copiedOf;
    Pair pair;

    @Override
    public void init() {
        copied = pool.register(new Box());
        copiedOf = pool.register(new Box());
        pair = pool.register(new Pair());
    }

    @Override
    public void start() {
        int seen = copied.v + copiedOf.v + pair.v + pair.w; // a copy of each on every node, made stale below
        barrier();
        if (myNode() == 1 && myThread() % threadsPerNode() == 0) {
            copied.v = 11;
            copiedOf.v = 12;
            pair.v = 13;
            pair.w = 14;
        }
        barrier();
        List<String> failed = new ArrayList<>();
        int v = copied.copy().v;
        if (v != 11) {
            failed.add("clone() " + v);
        }
        v = Box.copyOf(copiedOf).v;
        if (v != 12) {
            failed.add("box.clone() " + v);
        }
        Pair p = pair.copyPair();
        if (p.v != 13 || p.w != 14) {
            failed.add("a subclass's clone() " + p.v + " " + p.w);
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }
}

package org.jdsm.content;

import java.util.function.Consumer;
import org.jdsm.wire.WireFormat;

/**
 * Two writers on other nodes start from copies of the home's value, change them, and send what
 * changed against their twins (copies of the home's value) through the wire; the home applies B's
 * diff, then A's, in place.
 */
final class TwoWriters {

    private TwoWriters() {
    }

    /** Merges both writers' changes into {@code home}; returns A's diff, as it was made. */
    static <T> Object mergeAtHome(WireFormat wire, SameContent same, T home, Consumer<T> writeA, Consumer<T> writeB) {
        Object a = changes(wire, same, home, writeA);
        Object b = changes(wire, same, home, writeB);
        ArrayDiff.applyInside(home, wire.decode(wire.encode(b)));
        ArrayDiff.applyInside(home, wire.decode(wire.encode(a)));
        return a;
    }

    private static <T> Object changes(WireFormat wire, SameContent same, T home, Consumer<T> write) {
        T writer = wire.copy(home);
        write.accept(writer);
        return ArrayDiff.inside(writer, wire.copy(home), same);
    }
}

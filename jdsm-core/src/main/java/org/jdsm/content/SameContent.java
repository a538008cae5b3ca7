package org.jdsm.content;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import org.jdsm.wire.WireFormat;

/**
 * Whether two values hold the same content: equal (deeply for arrays), or, for classes that keep
 * {@code Object}'s identity {@code equals}, copies of them encoded to the same bytes. A decoded
 * copy of an element is a new instance, so identity cannot tell a copy that came over the wire
 * from a changed value.
 */
public final class SameContent {

    /**
     * Values whose {@code equals} is their content: a difference there is a change, with no need to
     * encode. A container's or a record's {@code equals} is not enough, since it compares its
     * elements or components by their own {@code equals}, which may be identity.
     */
    private static final Set<Class<?>> VALUE_EQUALS = Set.of(String.class, Boolean.class, Character.class, Byte.class,
            Short.class, Integer.class, Long.class, Float.class, Double.class, boolean[].class, char[].class, byte[].class,
            short[].class, int[].class, long[].class, float[].class, double[].class);

    private final WireFormat wire;

    public SameContent(WireFormat wire) {
        this.wire = wire;
    }

    public boolean test(Object a, Object b) {
        if (Objects.deepEquals(a, b)) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        if (VALUE_EQUALS.contains(a.getClass()) || a.getClass().isEnum()) {
            return false;
        }
        // Encoded as copies: a copy lays out a hash container (capacity, hence iteration and encoding
        // order) by its entries alone, where the original's layout depends on its history (a decoded
        // map is sized for its entries, a map made with a larger capacity is not). Yet a copy of a
        // container of elements with identity hash codes puts its new elements in other buckets, so
        // contentBytes writes hash containers sorted: with plain encodings an unchanged HashSet of
        // such elements always counted as written, and its writer's stale copy overwrote the home's.
        return Arrays.equals(wire.contentBytes(wire.copy(a)), wire.contentBytes(wire.copy(b)));
    }
}

package org.jdsm.content;

import java.util.Arrays;
import java.util.Objects;
import org.jdsm.wire.WireFormat;

/**
 * Whether two values hold the same content: equal (deeply for arrays), or, for classes that keep
 * {@code Object}'s identity {@code equals}, encoded to the same bytes. A decoded copy of an element
 * is a new instance, so identity cannot tell a copy that came over the wire from a changed value.
 */
public final class SameContent {

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
        return Arrays.equals(wire.encode(a), wire.encode(b));
    }
}

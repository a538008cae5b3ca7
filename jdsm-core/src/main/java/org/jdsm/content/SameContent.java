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

    /**
     * True where {@code deepEquals} alone tells content apart: primitive arrays and classes that
     * override {@code equals}. Arrays of references may hold elements that do not.
     */
    private static final ClassValue<Boolean> VALUE_EQUALS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            if (type.isArray()) {
                return type.getComponentType().isPrimitive();
            }
            try {
                return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e); // every class has equals(Object)
            }
        }
    };

    private final WireFormat wire;

    public SameContent(WireFormat wire) {
        this.wire = wire;
    }

    public boolean test(Object a, Object b) {
        if (Objects.deepEquals(a, b)) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass() || VALUE_EQUALS.get(a.getClass())) {
            return false;
        }
        return Arrays.equals(wire.encode(a), wire.encode(b));
    }
}

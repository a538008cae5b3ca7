package org.jdsm.content;

import org.jdsm.runtime.ElementBlock;
import org.jdsm.runtime.SlotAware;

/**
 * Keeps the block that instrumented element objects know ({@link SlotAware}) in step with the shared
 * array holding them: set on the objects in a block whenever content comes in, cleared on an object
 * that leaves its slot. An object of a class that is not instrumented has none and is left alone.
 */
public final class ElementSlots {

    private ElementSlots() {
    }

    /** Every element of {@code array[from, from + n)} learns that it is in {@code block}. */
    public static void claim(Object[] array, int from, int n, ElementBlock block) {
        for (int i = from; i < from + n; i++) {
            if (array[i] instanceof SlotAware element && element.jdsm$slot() != block) {
                element.jdsm$setSlot(block);
            }
        }
    }

    /** {@code old} leaves its slot in {@code array} (replaced by another object): it is no element any more. */
    static void leave(Object old, Object[] array) {
        if (old instanceof SlotAware element && element.jdsm$slot() != null && element.jdsm$slot().shared().object() == array) {
            element.jdsm$setSlot(null);
        }
    }

    /** {@code array[index] = value} by the program, {@code block} holding that index: {@code value} takes the slot from the element there. */
    public static void store(Object[] array, int index, Object value, ElementBlock block) {
        Object old = array[index];
        if (old != value) {
            leave(old, array);
            if (value instanceof SlotAware element) {
                element.jdsm$setSlot(block);
            }
        }
    }
}

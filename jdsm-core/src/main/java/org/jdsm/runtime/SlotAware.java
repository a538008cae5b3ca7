package org.jdsm.runtime;

/**
 * An object that knows which block of a shared {@code Object[]} holds it. The instrumentation makes
 * every job class that extends {@code Object} directly implement it with a transient field, which
 * neither travels nor counts as content; the pool sets it whenever an element comes into a block of
 * a registered array and clears it on the element that leaves ({@link org.jdsm.content.ElementSlots}).
 * Instrumented code that reaches an object where it cannot see its load (a reference kept in a list
 * across a barrier, a field, a method reference's result) checks that block before using it.
 */
public interface SlotAware {

    /** The block of a shared array holding this object, or null if none does. */
    ElementBlock jdsm$slot();

    /** Records that {@code block} holds this object (null: none does any more). */
    void jdsm$setSlot(ElementBlock block);
}

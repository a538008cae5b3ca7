package org.jdsm.content;

/**
 * A change made inside a value ({@link ArrayDiff#inside}), to be written into the value that holds
 * its place on another node, leaving the value's other parts as they are there.
 */
interface ChangeInside {

    /**
     * Writes the change into {@code value}. A value that no longer takes it (another class, a shorter
     * array or list, a map without the key, null) was replaced by another writer at the same time, a
     * race on its place: the change is dropped, as in one memory it went to a value no longer there.
     */
    void applyInto(Object value);
}

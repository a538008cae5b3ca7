package org.jdsm.protocol.lrc;

import org.jdsm.content.ArrayDiff;

/** How many elements a diff changes, for statistics and events. */
final class DiffElements {

    private DiffElements() {
    }

    /** Changed array elements; -1 for a field diff of a single object (not counted in elements). */
    static long of(Object diff) {
        return diff instanceof ArrayDiff changes ? changes.changedElements() : -1;
    }
}

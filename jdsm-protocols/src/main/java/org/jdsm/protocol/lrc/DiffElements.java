package org.jdsm.protocol.lrc;

import org.jdsm.content.ArrayDiff;
import org.jdsm.content.FieldDiff;

/** How many elements a diff changes, for statistics and events. */
final class DiffElements {

    private DiffElements() {
    }

    /** Changed array elements, or changed fields of a single object; 0 for no diff (null). */
    static long of(Object diff) {
        if (diff instanceof ArrayDiff changes) {
            return changes.changedElements();
        }
        return diff instanceof FieldDiff fields ? fields.changedFields() : 0;
    }
}

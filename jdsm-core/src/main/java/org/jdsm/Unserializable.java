package org.jdsm;

import org.jdsm.content.ObjectFields;
import org.jdsm.wire.WireException;
import org.jdsm.wire.WireFormat;

/** Finds, for an object Kryo cannot serialize, the field to blame, so the error can name it. */
final class Unserializable {

    private Unserializable() {
    }

    /** A phrase naming the first field of {@code obj} whose value does not serialize. */
    static String culprit(Object obj, WireFormat wire) {
        if (obj.getClass().isArray()) {
            return "its elements cannot be serialized by Kryo";
        }
        ObjectFields fields;
        try {
            fields = ObjectFields.of(obj.getClass());
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        for (int i = 0; i < fields.count(); i++) {
            Object value = fields.get(obj, i);
            if (value == null) {
                continue;
            }
            try {
                wire.decode(wire.encode(value));
            } catch (WireException e) {
                return "field " + fields.name(i) + " of type " + value.getClass().getName()
                        + " cannot be serialized by Kryo";
            }
        }
        return "it cannot be serialized by Kryo";
    }
}

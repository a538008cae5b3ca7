package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import java.util.LinkedHashMap;

/**
 * LinkedHashMaps with their order: Kryo's map serializer makes one with the no-argument constructor,
 * in insertion order, so an access-ordered map ({@code new LinkedHashMap<>(16, 0.75f, true)}, an LRU
 * cache's, whose {@code get} moves a key to the end) came out of a copy or off the wire in insertion
 * order: on the node that received it a {@code get} no longer moved the key, and the map's order
 * parted from what one JVM gives. Whether it is access-ordered is written before the entries. A
 * subclass is made by its own constructor, which chooses its order.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class LinkedMaps extends MapSerializer<LinkedHashMap> {

    @Override
    protected void writeHeader(Kryo kryo, Output output, LinkedHashMap map) {
        output.writeBoolean(accessOrdered(map));
    }

    @Override
    protected LinkedHashMap create(Kryo kryo, Input input, Class<? extends LinkedHashMap> type, int size) {
        return input.readBoolean() ? accessOrderedMap() : super.create(kryo, input, type, size);
    }

    @Override
    protected LinkedHashMap createCopy(Kryo kryo, LinkedHashMap original) {
        return accessOrdered(original) ? accessOrderedMap() : super.createCopy(kryo, original);
    }

    private static LinkedHashMap accessOrderedMap() {
        return new LinkedHashMap<>(16, 0.75f, true);
    }

    /**
     * Whether {@code map}, a LinkedHashMap itself (not a subclass), keeps its keys in access order.
     * The JDK keeps that private; a clone keeps it too, so an empty clone is asked, at the cost of
     * copying the entries.
     */
    public static boolean accessOrdered(LinkedHashMap<?, ?> map) {
        if (map.getClass() != LinkedHashMap.class) {
            return false;
        }
        LinkedHashMap<Object, Object> probe = (LinkedHashMap<Object, Object>) map.clone();
        probe.clear();
        Object first = new Object();
        probe.put(first, null);
        probe.put(new Object(), null);
        probe.get(first); // moves first behind the other in access order only
        return probe.keySet().iterator().next() != first;
    }
}

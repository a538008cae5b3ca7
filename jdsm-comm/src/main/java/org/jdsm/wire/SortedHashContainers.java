package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.SerializerFactory;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes the hash containers whose iteration order depends on their elements' hash codes with their
 * entries sorted by the entries' own encodings, so that two containers with the same content encode
 * alike. Elements that keep {@code Object}'s identity {@code hashCode} land in other buckets in every
 * copy (a decoded or {@link WireFormat#copy copied} container holds new instances), so the plain
 * encodings of a container and of its copy differ in order, not in content. For comparing content
 * only: the bytes are never decoded.
 */
final class SortedHashContainers extends Serializer<Object> {

    /** And their subclasses, but for LinkedHashMap and LinkedHashSet: their order is content. */
    private static final List<Class<?>> UNORDERED = List.of(HashMap.class, HashSet.class, Hashtable.class,
            ConcurrentHashMap.class, IdentityHashMap.class, WeakHashMap.class);

    /** Encodes each entry on its own, with its own reference table, so no entry's bytes depend on the order. */
    private final KryoPool entryKryos;

    private SortedHashContainers(KryoPool entryKryos) {
        this.entryKryos = entryKryos;
    }

    /**
     * Makes {@code kryo} write the unordered hash containers sorted, and the user's subclasses of
     * them (a {@code class Bag extends HashSet<Item>}), encoding entries with {@code entryKryos}.
     */
    static void install(Kryo kryo, KryoPool entryKryos) {
        SortedHashContainers sorted = new SortedHashContainers(entryKryos);
        SerializerFactory<Serializer<?>> subclasses = new SerializerFactory.BaseSerializerFactory<>() {
            @Override
            public Serializer<?> newSerializer(Kryo k, Class type) {
                if (LinkedHashMap.class.isAssignableFrom(type)) {
                    return new MapSerializer<>();
                }
                return LinkedHashSet.class.isAssignableFrom(type) ? new CollectionSerializer<>() : sorted;
            }
        };
        for (Class<?> c : UNORDERED) {
            kryo.register(c, sorted);
            kryo.addDefaultSerializer(c, subclasses);
        }
    }

    @Override
    public void write(Kryo kryo, Output output, Object container) {
        List<byte[]> entries = new ArrayList<>();
        if (container instanceof Map<?, ?> map) {
            map.forEach((key, value) -> entries.add(encode(key, value, true)));
        } else {
            for (Object element : (Collection<?>) container) {
                entries.add(encode(element, null, false));
            }
        }
        entries.sort(Arrays::compareUnsigned);
        output.writeVarInt(entries.size(), true);
        for (byte[] entry : entries) {
            output.writeVarInt(entry.length, true);
            output.writeBytes(entry);
        }
    }

    private byte[] encode(Object key, Object value, boolean withValue) {
        Kryo kryo = entryKryos.obtain();
        try {
            Output out = new Output(64, -1);
            kryo.writeClassAndObject(out, key);
            if (withValue) {
                kryo.writeClassAndObject(out, value);
            }
            return out.toBytes();
        } finally {
            entryKryos.free(kryo);
        }
    }

    @Override
    public Object read(Kryo kryo, Input input, Class<?> type) {
        throw new UnsupportedOperationException("sorted container bytes are for comparing content, never decoded");
    }
}

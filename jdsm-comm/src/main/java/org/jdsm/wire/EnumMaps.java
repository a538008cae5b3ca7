package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.util.EnumMap;
import java.util.Map;

/**
 * {@link EnumMap}s with their key type. Kryo's map serializer makes one without calling a
 * constructor, so its key type and value table stay unset: copying or decoding a non-empty one failed
 * ('class Kind != null'), and an empty one came out broken, failing at its first use on the node that
 * received it. The key type is written first; an empty map's, which the JDK keeps private, is the
 * enum class that Java serialization of the map describes. Subclasses are refused (their own state
 * would be lost).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class EnumMaps extends Serializer<EnumMap> {

    @Override
    public void write(Kryo kryo, Output output, EnumMap map) {
        exactly(map.getClass());
        Class<? extends Enum> keyType = keyType(map);
        kryo.writeClass(output, keyType);
        output.writeVarInt(map.size(), true);
        for (Object o : map.entrySet()) {
            Map.Entry<Enum, Object> entry = (Map.Entry<Enum, Object>) o;
            output.writeVarInt(entry.getKey().ordinal(), true);
            kryo.writeClassAndObject(output, entry.getValue());
        }
    }

    @Override
    public EnumMap read(Kryo kryo, Input input, Class<? extends EnumMap> type) {
        exactly(type);
        Class<? extends Enum> keyType = kryo.readClass(input).getType();
        EnumMap map = new EnumMap(keyType);
        kryo.reference(map);
        Enum[] keys = keyType.getEnumConstants();
        for (int n = input.readVarInt(true); n > 0; n--) {
            map.put(keys[input.readVarInt(true)], kryo.readClassAndObject(input));
        }
        return map;
    }

    @Override
    public EnumMap copy(Kryo kryo, EnumMap original) {
        exactly(original.getClass());
        EnumMap copy = new EnumMap(original); // the key type and the keys; the values are copied next
        kryo.reference(copy);
        for (Object o : original.entrySet()) {
            Map.Entry<Enum, Object> entry = (Map.Entry<Enum, Object>) o;
            copy.put(entry.getKey(), kryo.copy(entry.getValue()));
        }
        return copy;
    }

    private static void exactly(Class<?> type) {
        if (type != EnumMap.class) {
            throw new KryoException("cannot share " + type.getName() + ", a subclass of EnumMap: share an EnumMap in a field");
        }
    }

    /** The map's key type: its first key's enum, or for an empty map the enum class its serialized form names. */
    private static Class<? extends Enum> keyType(EnumMap<?, ?> map) {
        if (!map.isEmpty()) {
            return map.keySet().iterator().next().getDeclaringClass();
        }
        Class<?>[] found = new Class<?>[1];
        try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream()) {
            @Override
            protected void annotateClass(Class<?> described) {
                if (described.isEnum()) {
                    found[0] = described;
                }
            }
        }) {
            out.writeObject(map); // empty: only the key type is written, no value
        } catch (IOException e) {
            throw new KryoException("cannot find the key type of an empty EnumMap", e);
        }
        return (Class<? extends Enum>) found[0];
    }
}

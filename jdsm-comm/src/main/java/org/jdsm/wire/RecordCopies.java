package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.SerializerFactory;
import com.esotericsoftware.kryo.serializers.RecordSerializer;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * Kryo's record serializer, except that {@link Kryo#copy} makes a deep copy: Kryo takes records for
 * immutable and returns the original, yet a record's components may be mutable (an array, an object
 * of the user's). A twin or merge copy that shared them with the live copy hid every change made to
 * them in place. A record is made after its components, so one record reached twice in a copied
 * graph becomes two equal copies (its components stay shared): Kryo maps an original to its copy
 * only when the copy exists before its children are copied.
 */
final class RecordCopies<T> extends RecordSerializer<T> {

    /** Makes one for each record class Kryo meets. */
    static final SerializerFactory<RecordCopies<?>> FACTORY = new SerializerFactory.BaseSerializerFactory<>() {
        @Override
        public RecordCopies<?> newSerializer(Kryo kryo, Class type) {
            return new RecordCopies<>(type);
        }
    };

    RecordCopies(Class<T> type) {
        super(type);
        setImmutable(false);
    }

    @Override
    public T copy(Kryo kryo, T original) {
        Class<?> type = original.getClass();
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                var accessor = components[i].getAccessor();
                accessor.setAccessible(true);
                values[i] = kryo.copy(accessor.invoke(original));
            }
            Constructor<?> canonical = type.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            @SuppressWarnings("unchecked")
            T copy = (T) canonical.newInstance(values);
            return copy;
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new KryoException("cannot copy record " + type.getName() + ": " + cause, cause);
        }
    }
}

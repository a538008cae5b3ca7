package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;
import com.esotericsoftware.kryo.serializers.FieldSerializer;
import java.net.URI;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A Kryo that refuses the classes it would get wrong on another node ({@link Unportable}): writing,
 * reading or copying one fails with a message that names the class and says what to share instead,
 * rather than sending JDK internals or a container that comes out broken. It also encodes a few JDK
 * value classes through their public API, which Kryo has serializers for but does not use by default.
 */
final class ScreeningKryo extends Kryo {

    ScreeningKryo() {
        addDefaultSerializer(UUID.class, new DefaultSerializers.UUIDSerializer());
        addDefaultSerializer(URI.class, new DefaultSerializers.URISerializer());
        addDefaultSerializer(Pattern.class, new DefaultSerializers.PatternSerializer());
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Serializer getDefaultSerializer(Class type) {
        Serializer chosen = super.getDefaultSerializer(type);
        String why = Unportable.container(type, chosen);
        return why == null ? chosen : new Refused(why);
    }

    /**
     * Kryo's fallback, a field-by-field serializer, judged before it is made (making it fails for
     * most JDK classes). Its copies leave transient fields out, as its encodings do: such a field is
     * each node's own (a Thread, say), and copying it for a twin failed.
     */
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    protected Serializer newDefaultSerializer(Class type) {
        String why = Unportable.fieldByField(type);
        if (why != null) {
            return new Refused(why);
        }
        FieldSerializer.FieldSerializerConfig config = new FieldSerializer.FieldSerializerConfig();
        config.setCopyTransient(false);
        return new FieldSerializer(this, type, config);
    }

    /** The reason {@code type} cannot travel, or null if it can. */
    String refusal(Class<?> type) {
        return getRegistration(type).getSerializer() instanceof Refused refused ? refused.why : null;
    }

    /** Stands for a class that cannot travel: fails every use, saying why. */
    private static final class Refused extends Serializer<Object> {
        private final String why;

        Refused(String why) {
            this.why = why;
        }

        @Override
        public void write(Kryo kryo, Output output, Object object) {
            throw new KryoException(why);
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<?> type) {
            throw new KryoException(why);
        }

        @Override
        public Object copy(Kryo kryo, Object original) {
            throw new KryoException(why);
        }
    }
}

package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.FieldSerializer;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Consumer;
import org.jdsm.comm.MessageWriter;
import org.jdsm.comm.net.ThreadSpare;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Kryo-based wire format shared by every node of a job. Classes are registered in one fixed order
 * (JDSM's own first, then the protocol's, then the caller's), so every node assigns the same ids.
 * Classes not registered still travel, named in the stream; only authenticated peers ever feed
 * this decoder. Primitive arrays go as single bulk copies (see {@link BulkOutput}), and so do
 * ranges of them, read in place ({@link ArrayRange}).
 *
 * <p>Thread-safe: Kryo instances and buffers are pooled.
 */
public final class WireFormat {

    private static final int INITIAL_BUFFER = 4096;
    /** Largest encode buffer a thread keeps for its next message. */
    private static final int MAX_KEPT_BUFFER = 16 << 20;
    private static final int POOL_SIZE = 64;

    /** Classes every JDSM node registers first, in this order. */
    private static final List<Class<?>> BUILT_IN = List.of(
            byte[].class, short[].class, char[].class, int[].class, long[].class,
            float[].class, double[].class, boolean[].class, String[].class, Object[].class,
            int[][].class, double[][].class, long[][].class, float[][].class,
            ArrayList.class, java.util.HashMap.class, ArrayRange.class);

    static {
        // Kryo notes where a failure happened in a StringBuffer. Used first at the bottom of an
        // overflowed stack, StringBuffer fails its class initialization for good, and that failure
        // ("NoClassDefFoundError: Could not initialize class java.lang.StringBuffer") replaces the
        // overflow, there and in every later failure of the JVM: initialize it while there is room.
        new StringBuffer();
    }

    private final List<Class<?>> registrations;
    private final ClassLoader loader;
    private final KryoPool kryos;
    /** Kryos for {@link #contentBytes}: hash containers written sorted. */
    private final KryoPool contentKryos;
    private final ArrayRecycler recycler = new ArrayRecycler();
    private final ClassValue<Boolean> encodesFields = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            Kryo kryo = kryos.obtain();
            try {
                return kryo.getRegistration(type).getSerializer() instanceof FieldSerializer;
            } finally {
                kryos.free(kryo);
            }
        }
    };
    /** Each thread's encode buffer, reused so that large messages do not regrow it every time. */
    private final ThreadSpare<BulkOutput> outputs = new ThreadSpare<>();

    /** A wire format with JDSM's built-in registrations followed by {@code extra}, in order. */
    public WireFormat(List<Class<?>> extra) {
        this(extra, WireFormat.class.getClassLoader());
    }

    /**
     * Like {@link #WireFormat(List)}, resolving classes named in messages through {@code loader}
     * (the job's class loader, so that user classes inside shared objects deserialize).
     */
    public WireFormat(List<Class<?>> extra, ClassLoader loader) {
        this.loader = loader;
        List<Class<?>> all = new ArrayList<>(BUILT_IN);
        all.addAll(extra);
        this.registrations = List.copyOf(all);
        this.kryos = new KryoPool(POOL_SIZE, this::newKryo);
        this.contentKryos = new KryoPool(POOL_SIZE, this::newContentKryo);
    }

    /** A wire format with only the built-in registrations. */
    public WireFormat() {
        this(List.of());
    }

    private ScreeningKryo newKryo() {
        ScreeningKryo kryo = new ScreeningKryo();
        kryo.setClassLoader(loader);
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        // Records and classes without a no-arg constructor still deserialize.
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        kryo.addDefaultSerializer(Record.class, RecordCopies.FACTORY); // copies records deeply (Kryo's returns them)
        kryo.addDefaultSerializer(KryoSerializable.class, new EncodedCopies(kryos)); // Kryo's cannot copy
        kryo.addDefaultSerializer(EnumMap.class, new EnumMaps()); // with their key type (Kryo's loses it)
        kryo.addDefaultSerializer(LinkedHashMap.class, new LinkedMaps()); // in access order too (Kryo's loses it)
        for (Class<?> c : registrations) {
            if (c == ArrayRange.class) {
                kryo.register(c, new ArrayRange.Codec());
            } else {
                kryo.register(c);
            }
        }
        return kryo;
    }

    private Kryo newContentKryo() {
        Kryo kryo = newKryo();
        SortedHashContainers.install(kryo, contentKryos);
        return kryo;
    }

    /**
     * Bytes that are equal for two values of the same content (as their encodings are), whatever
     * order their hash containers happen to iterate in: a {@code HashSet} or {@code HashMap} of
     * elements with identity hash codes iterates in another order in every copy. Never decoded.
     */
    public byte[] contentBytes(Object value) {
        Kryo kryo = contentKryos.obtain();
        try {
            Output out = new Output(256, -1);
            kryo.writeClassAndObject(out, value);
            return out.toBytes();
        } catch (RuntimeException | StackOverflowError e) {
            throw WireException.of("serialize " + describe(value), e);
        } finally {
            contentKryos.free(kryo);
        }
    }

    /**
     * Whether Kryo encodes values of {@code type} field by field (its default for a class), so that
     * its fields are all there is to a value; false for a class with serialization of its own
     * ({@code KryoSerializable}, a record, a JDK container), whose encoding may be other than its fields.
     */
    public boolean encodesFields(Class<?> type) {
        return encodesFields.get(type);
    }

    /**
     * Why values of {@code type} cannot travel to another node (naming the class and what to share
     * instead), or null if Kryo encodes them portably. A class refused here fails every encode.
     */
    public String unportable(Class<?> type) {
        Kryo kryo = kryos.obtain();
        try {
            return ((ScreeningKryo) kryo).refusal(type);
        } finally {
            kryos.free(kryo);
        }
    }

    /** The registration order (for comparing nodes). */
    public List<Class<?>> registrations() {
        return registrations;
    }

    /** Takes an encoded message, valid only during the call. */
    @FunctionalInterface
    public interface EncodedSink {
        /** The message is bytes {@code [0, length)} of {@code buffer}. */
        void take(byte[] buffer, int length);

        /**
         * The message holds large primitive arrays still in place, which {@code message} copies
         * where it writes (e.g. straight into a Comm's send memory, {@link
         * org.jdsm.comm.Comm#asend(int, MessageWriter)}). The default gathers it into an array.
         */
        default void take(MessageWriter message) {
            byte[] bytes = MessageWriter.toArray(message);
            take(bytes, bytes.length);
        }
    }

    /**
     * Encodes a message: {@code header} writes any fixed fields first, then {@code payload}
     * follows as a class-tagged object. Returns an exactly sized array.
     */
    public byte[] encode(Consumer<Output> header, Object payload) {
        byte[][] bytes = new byte[1][];
        encode(header, payload, new EncodedSink() {
            @Override
            public void take(byte[] buffer, int length) {
                bytes[0] = Arrays.copyOf(buffer, length);
            }

            @Override
            public void take(MessageWriter message) {
                bytes[0] = MessageWriter.toArray(message); // already exactly sized: no second copy
            }
        });
        return bytes[0];
    }

    /**
     * Encodes like {@link #encode(Consumer, Object)} and hands {@code sink} the bytes in this
     * thread's encode buffer, without copying them out (e.g. to a Comm that copies them anyway);
     * primitive arrays from 64 KiB are not copied into that buffer either, but handed over in place
     * ({@link EncodedSink#take(MessageWriter)}), so they must not change until the sink returns.
     */
    public void encode(Consumer<Output> header, Object payload, EncodedSink sink) {
        BulkOutput taken = outputs.take(); // an encode nested in the sink gets a buffer of its own
        BulkOutput out = taken != null ? taken : new BulkOutput(INITIAL_BUFFER);
        try {
            out.reset();
            write(out, header, payload);
            if (out.deferred().isEmpty()) {
                sink.take(out.getBuffer(), out.position());
            } else {
                sink.take(new GatheredMessage(out.getBuffer(), out.position(), out.deferred()));
            }
        } finally {
            out.reset(); // lets go of the deferred arrays
            if (out.getBuffer().length <= MAX_KEPT_BUFFER) {
                outputs.putBack(out);
            } else {
                outputs.drop();
            }
        }
    }

    private void write(Output out, Consumer<Output> header, Object payload) {
        Kryo kryo = kryos.obtain();
        try {
            header.accept(out);
            kryo.writeClassAndObject(out, payload);
        } catch (RuntimeException | StackOverflowError e) {
            // Kryo fails with KryoException, but reflection problems (closed JDK modules) surface raw.
            throw WireException.of("serialize " + describe(payload), e);
        } finally {
            kryos.free(kryo);
        }
    }

    /** Encodes {@code payload} alone. */
    public byte[] encode(Object payload) {
        return encode(out -> { }, payload);
    }

    /** Opens {@code bytes} for reading header fields, then {@link #readPayload}. */
    public Input open(byte[] bytes) {
        return open(bytes, bytes.length);
    }

    /**
     * Opens bytes {@code [0, length)} of {@code buffer}. Decoded objects never share the buffer
     * (arrays and strings are copied out), so it may be reused once they are read.
     */
    public Input open(byte[] buffer, int length) {
        return new BulkInput(ByteBuffer.wrap(buffer, 0, length), recycler);
    }

    /**
     * Opens {@code message}'s bytes from its position to its limit (its position is not moved), e.g.
     * native memory a Comm lends; decoded objects never share it either.
     */
    public Input open(ByteBuffer message) {
        return new BulkInput(message, recycler);
    }

    /**
     * Gives back a primitive array that this format decoded (or any other), for the next decode of
     * an array of the same type and length to reuse: large blocks then travel without allocating.
     * Only arrays from 64 KiB are kept. The caller promises that nothing refers to {@code array}
     * any more, since the next decode overwrites it; anything else (null, small or object arrays)
     * is left to the GC.
     */
    public void recycle(Object array) {
        if (array != null) {
            recycler.give(array);
        }
    }

    /** Reads the class-tagged payload that follows the header in {@code in}. */
    public Object readPayload(Input in) {
        Kryo kryo = kryos.obtain();
        try {
            return kryo.readClassAndObject(in);
        } catch (RuntimeException | StackOverflowError e) {
            throw WireException.of("deserialize message", e);
        } finally {
            kryos.free(kryo);
        }
    }

    /** Decodes bytes produced by {@link #encode(Object)}. */
    public Object decode(byte[] bytes) {
        return readPayload(open(bytes));
    }

    /** A deep copy through Kryo (used for values that must not alias the caller's). */
    public <T> T copy(T value) {
        Kryo kryo = kryos.obtain();
        try {
            return kryo.copy(value);
        } catch (RuntimeException | StackOverflowError e) {
            throw WireException.of("copy " + describe(value), e);
        } finally {
            kryos.free(kryo);
        }
    }

    private static String describe(Object payload) {
        return payload == null ? "null" : payload.getClass().getName();
    }
}

package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Elements {@code [from, from + length)} of a primitive array, sent without copying them out first:
 * the encoder reads them straight from the array, and the receiver decodes a new array of exactly
 * those elements (an {@code ArrayRange} never arrives as such). The array must not change until the
 * message holding the range has been encoded, i.e. until the send call returns.
 */
public final class ArrayRange {

    private final Object array;
    private final int from;
    private final int length;
    private final Kind kind;

    private ArrayRange(Object array, int from, int length, Kind kind) {
        this.array = array;
        this.from = from;
        this.length = length;
        this.kind = kind;
    }

    /** True if {@code array} is a primitive array, the only kind a range can be taken of. */
    public static boolean supports(Object array) {
        return Kind.of(array) != null;
    }

    /** A range of the primitive array {@code array}; fails for other objects or a range outside it. */
    public static ArrayRange of(Object array, int from, int length) {
        Kind kind = Kind.of(array);
        if (kind == null) {
            throw new IllegalArgumentException("not a primitive array: " + (array == null ? "null" : array.getClass().getName()));
        }
        int arrayLength = java.lang.reflect.Array.getLength(array);
        if (from < 0 || length < 0 || from > arrayLength - length) {
            throw new IndexOutOfBoundsException("range [" + from + ", " + from + " + " + length + ") outside an array of " + arrayLength);
        }
        return new ArrayRange(array, from, length, kind);
    }

    /** Number of elements in the range. */
    public int length() {
        return length;
    }

    /** The class of the array the range is taken of (a range decodes as a new array of this class). */
    public Class<?> arrayType() {
        return array.getClass();
    }

    /** Copies elements {@code [skip, skip + n)} of the range into {@code target} at {@code at}. */
    public void copyTo(int skip, Object target, int at, int n) {
        System.arraycopy(array, from + skip, target, at, n);
    }

    /** The primitive element types, each with its bulk write and read. */
    private enum Kind {
        DOUBLE(double[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeDoubles((double[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readDoubles(n); }
        },
        FLOAT(float[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeFloats((float[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readFloats(n); }
        },
        LONG(long[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeLongs((long[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readLongs(n); }
        },
        INT(int[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeInts((int[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readInts(n); }
        },
        SHORT(short[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeShorts((short[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readShorts(n); }
        },
        CHAR(char[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeChars((char[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readChars(n); }
        },
        BYTE(byte[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeBytes((byte[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readBytes(n); }
        },
        BOOLEAN(boolean[].class) {
            @Override void write(Output out, Object a, int from, int n) { out.writeBooleans((boolean[]) a, from, n); }
            @Override Object read(Input in, int n) { return in.readBooleans(n); }
        };

        private static final Kind[] ALL = values();
        private final Class<?> type;

        Kind(Class<?> type) {
            this.type = type;
        }

        abstract void write(Output out, Object array, int from, int n);

        abstract Object read(Input in, int n);

        static Kind of(Object array) {
            if (array != null) {
                for (Kind k : ALL) {
                    if (k.type == array.getClass()) {
                        return k;
                    }
                }
            }
            return null;
        }
    }

    /** Writes kind, length and the elements in one bulk copy; reads them back as a new array. */
    static final class Codec extends Serializer<Object> {

        Codec() {
            setImmutable(true); // never copied or read into an existing instance
        }

        @Override
        public void write(Kryo kryo, Output output, Object value) {
            ArrayRange range = (ArrayRange) value;
            output.writeByte(range.kind.ordinal());
            output.writeVarInt(range.length, true);
            range.kind.write(output, range.array, range.from, range.length);
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<?> type) {
            int kind = input.readByte();
            if (kind < 0 || kind >= Kind.ALL.length) {
                throw new WireException("unknown array range element kind " + kind, null);
            }
            int length = input.readVarInt(true);
            if (length > input.limit() - input.position()) {
                throw new WireException("array range of " + length + " elements longer than the message", null);
            }
            return Kind.ALL[kind].read(input, length);
        }
    }
}

package org.jdsm.wire;

import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Large primitive arrays that their last user gave back, handed out again by the decoder for the
 * next array of the same type and length. Decoding a large block into a fresh array costs more
 * than the copy itself: the allocation zeroes it, and from half a G1 region up (512 KiB in a 1 GiB
 * heap) it is a humongous allocation. A DSM protocol that decodes a block, copies it into place and
 * drops it gives it back here, so block traffic in a steady state allocates nothing.
 *
 * <p>Only arrays of at least {@link #MIN_BYTES} are kept, at most {@link #MAX_PER_SHAPE} per type and
 * length and {@link #MAX_BYTES} in all, softly (the GC may take them when memory runs short).
 * Thread-safe.
 */
final class ArrayRecycler {

    /** Smaller arrays are cheap to allocate: not kept. */
    static final int MIN_BYTES = 64 << 10;
    /** Spares kept per element type and length. */
    static final int MAX_PER_SHAPE = 4;
    /** Bytes kept in all. */
    static final long MAX_BYTES = 64L << 20;

    private record Shape(Class<?> type, int length) {
    }

    private final Map<Shape, ArrayDeque<SoftReference<Object>>> spares = new HashMap<>();
    private long keptBytes;

    /**
     * Keeps {@code array} for a later {@link #take}, if it is a primitive array large enough and there
     * is room; otherwise leaves it to the GC. The caller must hold no reference to it any more, and
     * neither may anything else: the next decode overwrites it.
     */
    void give(Object array) {
        long bytes = bytesOf(array);
        if (bytes < MIN_BYTES) {
            return;
        }
        synchronized (this) {
            ArrayDeque<SoftReference<Object>> shelf = spares.computeIfAbsent(shape(array), s -> new ArrayDeque<>(MAX_PER_SHAPE));
            shelf.removeIf(ref -> ref.get() == null && forget(ref));
            for (SoftReference<Object> kept : shelf) {
                if (kept.get() == array) {
                    throw new IllegalStateException("an array was given back twice: it would be handed out twice");
                }
            }
            if (shelf.size() < MAX_PER_SHAPE && keptBytes + bytes <= MAX_BYTES) {
                shelf.addLast(new SizedReference(array, bytes));
                keptBytes += bytes;
            }
        }
    }

    /** A kept array of {@code type} (a primitive array class) and {@code length}, or null: allocate one. Its contents are stale. */
    Object take(Class<?> type, int length) {
        synchronized (this) {
            ArrayDeque<SoftReference<Object>> shelf = spares.get(new Shape(type, length));
            if (shelf == null) {
                return null;
            }
            for (SoftReference<Object> ref = shelf.pollLast(); ref != null; ref = shelf.pollLast()) {
                forget(ref);
                Object array = ref.get();
                if (array != null) {
                    return array;
                }
            }
            return null;
        }
    }

    /** Bytes kept now (for tests). */
    synchronized long keptBytes() {
        return keptBytes;
    }

    /** Stops counting a reference's bytes; true, for use in {@code removeIf}. Caller holds this. */
    private boolean forget(SoftReference<Object> ref) {
        keptBytes -= ((SizedReference) ref).bytes;
        return true;
    }

    private static Shape shape(Object array) {
        return new Shape(array.getClass(), java.lang.reflect.Array.getLength(array));
    }

    /** Bytes of a recyclable primitive array; 0 for anything else. */
    private static long bytesOf(Object array) {
        int elementBytes = PrimitiveArrays.elementBytes(array);
        return elementBytes == 0 ? 0 : (long) java.lang.reflect.Array.getLength(array) * elementBytes;
    }

    /** A soft reference that remembers its array's size, so the total stays right after the GC clears it. */
    private static final class SizedReference extends SoftReference<Object> {
        final long bytes;

        SizedReference(Object array, long bytes) {
            super(array);
            this.bytes = bytes;
        }
    }
}

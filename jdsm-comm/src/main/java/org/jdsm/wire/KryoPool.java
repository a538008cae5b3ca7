package org.jdsm.wire;

import com.esotericsoftware.kryo.Kryo;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * Kryo instances for any thread (one Kryo is not thread-safe and is costly to create). Lock-free:
 * a fixed row of slots taken and refilled with atomic swaps, so the common uncontended case costs
 * two atomic operations instead of the locks of Kryo's own thread-safe pool, which cost more than
 * encoding a small message. More instances than slots may exist while many threads encode at once;
 * the extra ones are dropped when returned.
 */
final class KryoPool {

    private final AtomicReferenceArray<Kryo> slots;
    private final Supplier<Kryo> factory;

    KryoPool(int size, Supplier<Kryo> factory) {
        this.slots = new AtomicReferenceArray<>(size);
        this.factory = factory;
    }

    Kryo obtain() {
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) != null) {
                Kryo kryo = slots.getAndSet(i, null);
                if (kryo != null) {
                    return kryo;
                }
            }
        }
        return factory.get();
    }

    void free(Kryo kryo) {
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) == null && slots.compareAndSet(i, null, kryo)) {
                return;
            }
        }
    }
}

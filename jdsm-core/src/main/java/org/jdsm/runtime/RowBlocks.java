package org.jdsm.runtime;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The block of a shared array of arrays ({@code double[][]} registered whole) that each of its rows
 * is in, kept in step with the array as its elements' slots are ({@code content.ElementSlots}): an
 * array cannot carry a slot field, so instrumented code that reaches a row through a reference kept
 * from before a synchronization ({@code double[] row = m[i]; barrier(); row[j] = v}) looks the row
 * up here to check its block again.
 *
 * <p>Weak on both sides: a row stays in the map only while something else holds it, and the block
 * (which holds the shared array, and so the row) only while its shared object lives. Arrays compare
 * by identity, so a {@link WeakHashMap} keyed by rows is an identity map.
 */
public final class RowBlocks {

    private static final Map<Object, WeakReference<ElementBlock>> BLOCKS = new WeakHashMap<>();
    /** The classes of the rows ever claimed in this JVM: a lookup of an array of any other class ends there. */
    private static final ClassSet ROW_CLASSES = new ClassSet();

    private RowBlocks() {
    }

    /** The block of a shared array that {@code array} is a row of; null if it is none (or not an array). */
    public static ElementBlock of(Object array) {
        if (array == null || !ROW_CLASSES.contains(array.getClass())) {
            return null;
        }
        synchronized (BLOCKS) {
            WeakReference<ElementBlock> block = BLOCKS.get(array);
            return block == null ? null : block.get();
        }
    }

    /** {@code row} is an element of {@code block}'s array now (registered, fetched, merged or stored by the program). */
    public static void claim(Object row, ElementBlock block) {
        ROW_CLASSES.add(row.getClass());
        synchronized (BLOCKS) {
            WeakReference<ElementBlock> known = BLOCKS.get(row);
            if (known == null || known.get() != block) {
                BLOCKS.put(row, new WeakReference<>(block));
            }
        }
    }

    /** {@code row} left its slot in {@code array} (replaced): it is no row of it any more. */
    public static void leave(Object row, Object array) {
        synchronized (BLOCKS) {
            WeakReference<ElementBlock> known = BLOCKS.get(row);
            ElementBlock block = known == null ? null : known.get();
            if (block != null && block.shared().object() == array) {
                BLOCKS.remove(row);
            }
        }
    }
}

package org.jdsm.runtime;

import org.jdsm.SharedObjectForBlock;

/**
 * One block of a shared {@code Object[]}, as the element objects in it know it ({@link SlotAware}):
 * {@code shared} keeps one instance per block, so instrumented code can tell by identity whether it
 * checked an element's block already.
 *
 * @param shared the shared array
 * @param block  the block's index in {@code shared}
 */
public record ElementBlock(SharedObjectForBlock shared, int block) {
}

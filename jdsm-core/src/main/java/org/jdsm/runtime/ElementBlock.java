package org.jdsm.runtime;

import org.jdsm.SharedObject;

/**
 * One block of a shared {@code Object[]}, as the element objects in it and the objects they hold
 * know it ({@link SlotAware}), or a single shared object ({@code block} 0), as the objects it holds
 * know it: {@code shared} keeps one instance per block, so instrumented code can tell by identity
 * whether it checked an element's block already.
 *
 * @param shared the shared array ({@link org.jdsm.SharedObjectForBlock}) or single object
 * @param block  the block's index in {@code shared}
 */
public record ElementBlock(SharedObject shared, int block) {
}

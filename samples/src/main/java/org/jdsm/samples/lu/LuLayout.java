package org.jdsm.samples.lu;

/**
 * Where each {@code b x b} block of the matrix lives: SPLASH-2's 2-D block-cyclic owner thread,
 * and a slot in one flat {@code double[]} of contiguous, column-major blocks.
 *
 * <p>Slots are grouped by the owner's node, each node getting the same number of slots (padded
 * with unused ones), so with {@link org.jdsm.Distribution#BLOCK} and one shared block per slot
 * every matrix block is homed on the node that writes it. Within a node, the blocks of each
 * diagonal step's perimeter come next to each other.
 */
final class LuLayout {

    private final LuSize size;
    private final int rows;
    private final int cols;
    private final int[] owner;
    private final int[] slot;
    private final int slots;

    /** Ownership for {@code threads} threads, {@code threadsPerNode} of them per node. */
    LuLayout(LuSize size, int threads, int threadsPerNode) {
        this.size = size;
        // SPLASH-2: the squarest num_rows x num_cols grid with num_rows <= sqrt(P).
        int r = (int) Math.sqrt(threads);
        while (threads % r != 0) {
            r--;
        }
        this.rows = r;
        this.cols = threads / r;
        int nb = size.blocks();
        int nodes = threads / threadsPerNode;
        owner = new int[nb * nb];
        int[] perNode = new int[nodes];
        int[] rank = new int[nb * nb];
        for (int k = 0; k < nb * nb; k++) {
            owner[k] = (k / nb) % cols + (k % nb) % rows * cols; // k = I * nb + J
        }
        // Step d's perimeter (row d from the diagonal, then column d below it) takes consecutive
        // slots of each owner, so a thread reading the perimeter blocks of one owner reads a range.
        for (int d = 0; d < nb; d++) {
            for (int j = d; j < nb; j++) {
                rank[d * nb + j] = perNode[owner[d * nb + j] / threadsPerNode]++;
            }
            for (int i = d + 1; i < nb; i++) {
                rank[i * nb + d] = perNode[owner[i * nb + d] / threadsPerNode]++;
            }
        }
        int slotsPerNode = 0;
        for (int c : perNode) {
            slotsPerNode = Math.max(slotsPerNode, c);
        }
        slot = new int[nb * nb];
        for (int k = 0; k < nb * nb; k++) {
            slot[k] = owner[k] / threadsPerNode * slotsPerNode + rank[k];
        }
        slots = nodes * slotsPerNode;
    }

    /** SPLASH-2's {@code BlockOwner(I, J)}: the thread that computes block {@code (I, J)}. */
    int owner(int bi, int bj) {
        return owner[bi * size.blocks() + bj];
    }

    /** First element of block {@code (I, J)} in the flat array. */
    int offset(int bi, int bj) {
        return slot[bi * size.blocks() + bj] * blockArea();
    }

    /** Elements per block, the shared block length. */
    int blockArea() {
        return size.b() * size.b();
    }

    /** Length of the flat array, padding included. */
    int length() {
        return slots * blockArea();
    }

    /** Index of element {@code (i, j)} of the matrix in the flat array. */
    int index(int i, int j) {
        int b = size.b();
        return offset(i / b, j / b) + i % b + j % b * b;
    }
}

package org.jdsm;

import org.jdsm.content.ArrayDiff;
import org.jdsm.content.ElementKind;
import org.jdsm.content.SameContent;
import org.jdsm.wire.ArrayRange;
import org.jdsm.wire.WireFormat;

/**
 * A shared array split into blocks of {@code blockLength} elements (the last may be shorter).
 * Diffs are element-precise, so writers of disjoint elements of one block never lose each other's
 * writes.
 */
public final class SharedObjectForBlock extends SharedObject {

    private final ElementKind kind;
    private final int length;
    private final int blockLength;
    private final int blocks;
    private final Distribution distribution;
    private final WireFormat wire;
    private final SameContent sameContent;

    SharedObjectForBlock(Object array, int key, int nodes, int blockLength, Distribution distribution, WireFormat wire) {
        super(array, key, nodes);
        this.wire = wire;
        this.sameContent = new SameContent(wire);
        this.kind = ElementKind.of(array);
        this.length = java.lang.reflect.Array.getLength(array);
        if (blockLength < 1) {
            throw new IllegalArgumentException("block length must be at least 1, got " + blockLength);
        }
        this.blockLength = blockLength;
        this.blocks = Math.max(1, (length + blockLength - 1) / blockLength);
        this.distribution = distribution;
    }

    @Override
    public int blockCount() {
        return blocks;
    }

    @Override
    public int home(int block) {
        return distribution.home(block, blocks, nodes());
    }

    @Override
    public int blockOf(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("index " + index + " outside 0.." + (length - 1) + " of " + this);
        }
        return index / blockLength;
    }

    @Override
    public int length() {
        return length;
    }

    public int blockLength() {
        return blockLength;
    }

    public Distribution distribution() {
        return distribution;
    }

    /** First element of {@code block}. */
    public int blockStart(int block) {
        return block * blockLength;
    }

    /** Elements in {@code block}. */
    public int blockSize(int block) {
        return Math.min(blockLength, length - block * blockLength);
    }

    /**
     * A copy of the block. Object elements are copied too (deeply, through the wire format), so that
     * an element changed in place differs from its twin.
     */
    @Override
    public Object snapshot(int block) {
        Object copy = kind.copyRange(object(), blockStart(block), blockSize(block));
        return kind.isPrimitive() ? copy : wire.copy(copy);
    }

    /**
     * A primitive block is read in place by the encoder ({@link ArrayRange}); an object block's
     * references are copied, and the encoder copies the elements.
     */
    @Override
    public Object outgoing(int block) {
        int start = blockStart(block);
        return kind.isPrimitive() ? ArrayRange.of(object(), start, blockSize(block)) : kind.copyRange(object(), start, blockSize(block));
    }

    @Override
    public void install(int block, Object content) {
        System.arraycopy(content, 0, object(), blockStart(block), blockSize(block));
    }

    /** Primitive elements are copied in; object elements are not (the block takes the content's instances). */
    @Override
    public boolean installKeepsContentPrivate() {
        return kind.isPrimitive();
    }

    @Override
    public Object diff(int block, Object twin) {
        return changes(object(), blockStart(block), twin, blockSize(block));
    }

    @Override
    public Object diffSnapshots(int block, Object newer, Object older) {
        return changes(newer, 0, older, blockSize(block));
    }

    private ArrayDiff changes(Object current, int offset, Object twin, int n) {
        return kind.isPrimitive() ? ArrayDiff.between(kind, current, offset, twin, n)
                : ArrayDiff.between((Object[]) current, offset, (Object[]) twin, n, sameContent);
    }

    @Override
    public void applyDiff(int block, Object diff) {
        ((ArrayDiff) diff).applyTo(object(), blockStart(block));
    }

    /**
     * Object elements are compared by content ({@link SameContent}), since the twin and the master
     * hold copies: the block takes the master's element only where the master changed it and this
     * node did not, and the new twin gets its own copy of each element taken, so that a later change
     * in place still differs from the twin.
     */
    @Override
    public Object mergeUnder(int block, Object master, Object twin) {
        if (kind.isPrimitive()) {
            return super.mergeUnder(block, master, twin);
        }
        Object[] local = (Object[]) object();
        Object[] newer = (Object[]) master;
        Object[] older = (Object[]) twin;
        int at = blockStart(block);
        for (int i = 0; i < newer.length; i++) {
            if (!sameContent.test(local[at + i], older[i])) {
                continue; // written here: kept, and the master's value in the twin makes the next diff carry it
            }
            if (!sameContent.test(newer[i], older[i])) {
                local[at + i] = newer[i];
                newer[i] = wire.copy(newer[i]);
            }
        }
        return newer;
    }

    @Override
    public String signature() {
        return object().getClass().getSimpleName().replace("[]", "") + "[" + length + "], blocks of "
                + blockLength + ", " + distribution.name().toLowerCase() + "-distributed";
    }
}

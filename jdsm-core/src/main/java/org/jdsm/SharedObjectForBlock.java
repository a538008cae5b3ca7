package org.jdsm;

import org.jdsm.content.ArrayDiff;
import org.jdsm.content.ElementKind;
import org.jdsm.content.ElementSlots;
import org.jdsm.content.ElementsInPlace;
import org.jdsm.content.LiveCopies;
import org.jdsm.content.SameContent;
import org.jdsm.runtime.ElementBlock;
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
    private final SameContent sameContent;
    private final WireFormat wire;
    /** Per block of an {@code Object[]}, what its instrumented elements know it by ({@link ElementSlots}); null for other arrays. */
    private final ElementBlock[] elementBlocks;

    SharedObjectForBlock(Object array, int key, int nodes, int blockLength, Distribution distribution, WireFormat wire) {
        super(array, key, nodes);
        this.sameContent = new SameContent(wire);
        this.wire = wire;
        this.kind = ElementKind.of(array);
        this.length = java.lang.reflect.Array.getLength(array);
        if (blockLength < 1) {
            throw new IllegalArgumentException("block length must be at least 1, got " + blockLength);
        }
        this.blockLength = blockLength;
        this.blocks = Math.max(1, (length + blockLength - 1) / blockLength);
        this.distribution = distribution;
        this.elementBlocks = array instanceof Object[] ? new ElementBlock[blocks] : null;
        for (int b = 0; elementBlocks != null && b < blocks; b++) {
            elementBlocks[b] = new ElementBlock(this, b);
            claimElements(b);
        }
    }

    /** What the elements in {@code block} of an {@code Object[]} know it by; null for a primitive array. */
    public ElementBlock elementBlock(int block) {
        return elementBlocks == null ? null : elementBlocks[block];
    }

    /** The elements in {@code block} now learn that they are there, those that came in with new content among them. */
    private void claimElements(int block) {
        if (elementBlocks != null) {
            ElementSlots.claim((Object[]) object(), blockStart(block), blockSize(block), elementBlocks[block]);
        }
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
     * Object elements are copied deeply: an element changed in place (its reference kept) must
     * differ from the twin, and a later change must not reach a snapshot already taken. The copy is
     * tried again while another thread changes an element in place (LiveCopies).
     */
    @Override
    public Object snapshot(int block) {
        Object copy = kind.copyRange(object(), blockStart(block), blockSize(block));
        return kind.isPrimitive() ? copy : LiveCopies.copy(wire, copy);
    }

    /**
     * A primitive block is read in place by the encoder ({@link ArrayRange}); an object block is
     * copied shallowly (encoded at once, like the in-place range, so no deep copy is needed).
     */
    @Override
    public Object outgoing(int block) {
        return kind.isPrimitive() ? ArrayRange.of(object(), blockStart(block), blockSize(block))
                : kind.copyRange(object(), blockStart(block), blockSize(block));
    }

    /**
     * A primitive block is read in place, as {@link #outgoing} does (an element written meanwhile
     * goes as one value or the other); object elements are copied deeply first, since encoding an
     * element that another thread changes in place can fail halfway.
     */
    @Override
    public Object outgoingWhileWritten(int block) {
        return kind.isPrimitive() ? outgoing(block) : snapshot(block);
    }

    /** Object elements are changed in place ({@link ElementsInPlace}): references that user code keeps to them stay the elements. */
    @Override
    public void install(int block, Object content) {
        if (kind.isPrimitive()) {
            System.arraycopy(content, 0, object(), blockStart(block), blockSize(block));
        } else {
            ElementsInPlace.install((Object[]) content, (Object[]) object(), blockStart(block), blockSize(block));
            claimElements(block);
        }
    }

    /** Primitive elements are copied in; object elements share parts with the content, so it cannot be a twin. */
    @Override
    public boolean installKeepsContentPrivate() {
        return kind.isPrimitive();
    }

    @Override
    public Object diff(int block, Object twin) {
        if (!kind.isPrimitive()) {
            return diffSnapshots(block, kind.copyRange(object(), blockStart(block), blockSize(block)), twin);
        }
        return ArrayDiff.between(kind, object(), blockStart(block), twin, blockSize(block));
    }

    /**
     * Object elements compare by content (the twin is a deep copy); changed rows carry only their
     * changed elements, and elements changed in place only their changed fields ({@link ArrayDiff#ofObjects}).
     */
    @Override
    public Object diffSnapshots(int block, Object newer, Object older) {
        if (kind.isPrimitive()) {
            return ArrayDiff.between(kind, newer, 0, older, blockSize(block));
        }
        return ArrayDiff.ofObjects((Object[]) newer, (Object[]) older, blockSize(block), sameContent);
    }

    @Override
    public void applyDiff(int block, Object diff) {
        ((ArrayDiff) diff).applyTo(object(), blockStart(block));
        claimElements(block);
    }

    /**
     * Object elements compare by content ({@link SameContent}) on both sides: the twin is a deep
     * copy and an element may be changed in place. Where the master changed an element, the block
     * takes a copy of what changed in it ({@link ArrayDiff#inside}: a row's changed elements, an
     * element's changed fields), whether this node wrote the element or not: local threads may be
     * writing other parts of it right now, which a copy of the whole element, taken after finding it
     * unwritten, would put back to the master's values. An element the master replaced (another
     * class, every field new) is copied in place ({@link ElementsInPlace}) only if this node did not
     * write it; one written here is kept, and the master's value in the twin makes the next diff
     * carry this node's changes. The master, now the twin, must not share an instance with the block.
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
            if (sameContent.test(newer[i], older[i])) {
                continue;
            }
            Object copy = wire.copy(newer[i]);
            Object inside = ArrayDiff.inside(copy, older[i], sameContent);
            if (inside != null) {
                ArrayDiff.applyInside(local[at + i], inside);
            } else if (sameContent.test(local[at + i], older[i])) {
                ElementsInPlace.put(local, at + i, copy);
            }
        }
        claimElements(block);
        return newer;
    }

    @Override
    public String signature() {
        return object().getClass().getSimpleName().replace("[]", "") + "[" + length + "], blocks of "
                + blockLength + ", " + distribution.name().toLowerCase() + "-distributed";
    }
}

package org.jdsm;

/**
 * A registered shared object (JDSM paper, Figure 4): the user's object, its global key (the
 * registration ordinal), and its division into blocks, the unit of coherence. Each block has a
 * home node that keeps its master copy. The user's object is itself the local cached copy; the
 * content methods read and write it in place.
 */
public abstract class SharedObject {

    private final Object object;
    private final int key;
    private final int nodes;

    SharedObject(Object object, int key, int nodes) {
        this.object = object;
        this.key = key;
        this.nodes = nodes;
    }

    /** The user's object. */
    public final Object object() {
        return object;
    }

    /** Registration ordinal, the same on every node. */
    public final int key() {
        return key;
    }

    /** Number of nodes in the job. */
    protected final int nodes() {
        return nodes;
    }

    /** Number of blocks. */
    public abstract int blockCount();

    /** Home node of {@code block}. */
    public abstract int home(int block);

    /** The block holding element {@code index}; fails naming the object if the index is out of range. */
    public abstract int blockOf(int index);

    /** Number of elements (1 for a single object). */
    public abstract int length();

    /** A private copy of {@code block}'s content, to send or to keep as a twin. */
    public abstract Object snapshot(int block);

    /**
     * {@code block}'s content for a message that is encoded before the block can change again (the
     * caller keeps writers out until the send returns): it decodes as a {@link #snapshot} does, but
     * may be read from the object itself while encoding, saving the copy. By default a snapshot.
     */
    public Object outgoing(int block) {
        return snapshot(block);
    }

    /**
     * {@code block}'s content for a message while local threads may still change it in place (LRC
     * lets a home's threads, and writers of different parts of one block, write beside the node's
     * message handlers, which {@link #outgoing} needs kept out): by default a {@link #snapshot}, whose
     * copies are tried again when such a change makes them fail ({@link org.jdsm.content.LiveCopies}).
     */
    public Object outgoingWhileWritten(int block) {
        return snapshot(block);
    }

    /** Overwrites {@code block} in place with {@code content} made by {@link #snapshot}. */
    public abstract void install(int block, Object content);

    /**
     * True if {@link #install} copies the content's elements, so that the content stays a private
     * copy equal to the block right after the install, and may serve as a later twin instead of a
     * new {@link #snapshot}. False (the default) if the block may share parts of it.
     */
    public boolean installKeepsContentPrivate() {
        return false;
    }

    /**
     * What changed in {@code block} since {@code twin} (a {@link #snapshot}); null if nothing. Like
     * {@link #outgoing}, it may read the block in place until it is encoded.
     */
    public abstract Object diff(int block, Object twin);

    /** What changed between two {@link #snapshot}s of {@code block}; null if nothing. */
    public abstract Object diffSnapshots(int block, Object newer, Object older);

    /** Writes a {@link #diff} into {@code block} in place. */
    public abstract void applyDiff(int block, Object diff);

    /**
     * Brings {@code block} up to {@code master} (a private {@link #snapshot} of the master copy, newer
     * than {@code twin}) in place while local threads may still be writing it: writes only what the
     * master changed since {@code twin}, and nothing this node changed since then. Returns the new
     * twin: the master's content, against which the next {@link #diff} holds the local writes alone.
     * By default the master's {@link #diffSnapshots} against the twin is applied and the master
     * becomes the twin, which needs elements that compare by value and a block that does not share
     * parts with the snapshot.
     */
    public Object mergeUnder(int block, Object master, Object twin) {
        Object changed = diffSnapshots(block, master, twin);
        if (changed != null) {
            applyDiff(block, changed);
        }
        return master;
    }

    /** Fingerprint used to check that every node registered the same thing under this key. */
    public abstract String signature();

    @Override
    public String toString() {
        return "shared object #" + key + " (" + signature() + ")";
    }
}

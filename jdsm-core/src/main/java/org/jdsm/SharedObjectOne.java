package org.jdsm;

import org.jdsm.content.ElementSlots;
import org.jdsm.content.ElementsInPlace;
import org.jdsm.content.FieldDiff;
import org.jdsm.content.LiveCopies;
import org.jdsm.content.ObjectFields;
import org.jdsm.content.SameContent;
import org.jdsm.runtime.ElementBlock;
import org.jdsm.wire.WireFormat;

/** A single shared object: one block, homed on node {@code key mod nodes}; diffs are per field. */
public final class SharedObjectOne extends SharedObject {

    private final ObjectFields fields;
    private final WireFormat wire;
    private final SameContent sameContent;
    /** What the instrumented objects held in the object's fields know it by ({@link ElementSlots#claimInside}). */
    private final ElementBlock slot;

    SharedObjectOne(Object object, int key, int nodes, WireFormat wire) {
        super(object, key, nodes);
        this.fields = ObjectFields.of(object.getClass());
        this.wire = wire;
        this.sameContent = new SameContent(wire);
        this.slot = new ElementBlock(this, 0);
        claimInside();
    }

    /** What the object holds (objects of the job's classes, in place as content changes them) learns that it is in this object. */
    private void claimInside() {
        ElementSlots.claimInside(object(), slot);
    }

    @Override
    public int blockCount() {
        return 1;
    }

    @Override
    public int home(int block) {
        return key() % nodes();
    }

    @Override
    public int blockOf(int index) {
        if (index != 0) {
            throw new IndexOutOfBoundsException(this + " is a single object; index " + index + " does not exist");
        }
        return 0;
    }

    @Override
    public int length() {
        return 1;
    }

    /** A deep copy, tried again while another thread changes a field's container in place (LiveCopies). */
    @Override
    public Object snapshot(int block) {
        return LiveCopies.copy(wire, object());
    }

    @Override
    public void install(int block, Object content) {
        ElementsInPlace.copyFields(fields, content, object());
        claimInside();
    }

    @Override
    public Object diff(int block, Object twin) {
        return FieldDiff.between(fields, object(), twin, sameContent);
    }

    @Override
    public Object diffSnapshots(int block, Object newer, Object older) {
        return FieldDiff.between(fields, newer, older, sameContent);
    }

    @Override
    public void applyDiff(int block, Object diff) {
        ((FieldDiff) diff).applyTo(fields, object());
        claimInside();
    }

    /** As the default, but the object takes a copy of the master's changed fields: the master becomes the twin. */
    @Override
    public Object mergeUnder(int block, Object master, Object twin) {
        FieldDiff changed = FieldDiff.between(fields, wire.copy(master), twin, sameContent);
        if (changed != null) {
            changed.applyTo(fields, object());
            claimInside();
        }
        return master;
    }

    @Override
    public String signature() {
        return object().getClass().getName();
    }
}

package org.jdsm.runtime.events;

import jdk.jfr.Description;
import jdk.jfr.Label;

/** A {@link TimedEvent} about one block of a shared object. */
abstract class BlockEvent extends TimedEvent {

    @Label("Object")
    @Description("Registration key of the shared object")
    int object;

    @Label("Block")
    @Description("Block index within the object")
    int block;

    /** Names the block before the event is committed. */
    final void at(int object, int block) {
        this.object = object;
        this.block = block;
    }
}

package org.jdsm.samples.pi;

/** The shared work queue: the next chunk nobody has taken yet. A shared object, so public with a no-argument constructor. */
public final class WorkQueue {

    /** Next chunk to hand out. */
    public int next;
}

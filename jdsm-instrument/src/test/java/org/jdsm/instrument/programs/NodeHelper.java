package org.jdsm.instrument.programs;

/**
 * A helper object of a node's own that guards with a lock object of its own: a field of a class
 * other than the job, so nothing gives its monitor a job-wide identity.
 */
public class NodeHelper {
    public final Object lock = new Object();
}

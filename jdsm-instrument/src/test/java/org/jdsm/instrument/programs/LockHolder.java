package org.jdsm.instrument.programs;

import org.jdsm.Spmd;

/** A job's base class declaring the lock its subclass reduces under. */
public abstract class LockHolder extends Spmd {

    protected static final Object LOCK = new Object();
}

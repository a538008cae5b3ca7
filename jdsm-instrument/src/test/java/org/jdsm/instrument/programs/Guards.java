package org.jdsm.instrument.programs;

/** An interface declaring a lock object (a constant of every class that implements it). */
public interface Guards {

    Object GUARD = new Object();
}

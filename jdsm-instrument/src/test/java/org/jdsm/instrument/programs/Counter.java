package org.jdsm.instrument.programs;

/** A shared counter: its monitor becomes a JDSM lock once it is registered. */
public class Counter {
    public long value;

    /** A synchronized method: the lock is this counter. */
    public synchronized void add(long delta) {
        value += delta;
    }
}

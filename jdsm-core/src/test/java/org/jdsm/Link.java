package org.jdsm;

/** A node of a graph that may be cyclic, for tests of what goes in place or into diffs. */
final class Link {
    long value;
    Link next;

    /** Two links that refer to each other. */
    static Link cycleOfTwo() {
        Link a = new Link();
        a.next = new Link();
        a.next.next = a;
        return a;
    }
}

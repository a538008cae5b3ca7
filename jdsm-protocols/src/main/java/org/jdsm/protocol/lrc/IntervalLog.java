package org.jdsm.protocol.lrc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The intervals this node knows and may still have to pass on: for each creator, a contiguous run
 * in increasing order. Trimmed at barriers and by garbage-collection rounds, so it stays small.
 * Not thread-safe: the protocol guards it.
 */
final class IntervalLog {

    private final List<ArrayDeque<Interval>> byCreator = new ArrayList<>();
    private int size;

    IntervalLog(int nodes) {
        for (int i = 0; i < nodes; i++) {
            byCreator.add(new ArrayDeque<>());
        }
    }

    void add(Interval interval) {
        byCreator.get(interval.node()).addLast(interval);
        size++;
    }

    /** Intervals newer than {@code known}, oldest first per creator. */
    List<Interval> since(int[] known) {
        List<Interval> out = new ArrayList<>();
        for (int m = 0; m < byCreator.size(); m++) {
            ArrayDeque<Interval> q = byCreator.get(m);
            if (q.isEmpty() || q.peekLast().seq() <= known[m]) {
                continue;
            }
            for (Interval i : q) {
                if (i.seq() > known[m]) {
                    out.add(i);
                }
            }
        }
        return out;
    }

    /** Drops every interval that all nodes are known to have seen ({@code seenByAll}). */
    void discardUpTo(int[] seenByAll) {
        for (int m = 0; m < byCreator.size(); m++) {
            Iterator<Interval> it = byCreator.get(m).iterator();
            while (it.hasNext() && it.next().seq() <= seenByAll[m]) {
                it.remove();
                size--;
            }
        }
    }

    int size() {
        return size;
    }
}

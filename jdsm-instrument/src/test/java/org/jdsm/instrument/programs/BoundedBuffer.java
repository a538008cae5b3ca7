package org.jdsm.instrument.programs;

/**
 * The textbook bounded buffer of multithreaded Java: {@code synchronized} methods that
 * {@code wait()} while full or empty and {@code notifyAll()} after each change. Registered as a
 * shared object, its monitor is a JDSM lock, so producers and consumers on different nodes wait
 * for each other.
 */
public class BoundedBuffer {
    private final long[] slots = new long[2];
    private int count;
    private int head;
    private long taken;

    /** Puts {@code item}, waiting while the buffer is full. */
    public synchronized void put(long item) throws InterruptedException {
        while (count == slots.length) {
            wait();
        }
        slots[(head + count) % slots.length] = item;
        count++;
        notifyAll();
    }

    /** Takes the next item, waiting while the buffer is empty; -1 once {@code total} items were taken. */
    public synchronized long take(long total) throws InterruptedException {
        while (count == 0 && taken < total) {
            wait();
        }
        if (count == 0) {
            return -1;
        }
        long item = slots[head];
        head = (head + 1) % slots.length;
        count--;
        taken++;
        notifyAll();
        return item;
    }
}

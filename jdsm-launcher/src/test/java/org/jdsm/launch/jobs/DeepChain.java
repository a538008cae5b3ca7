package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/**
 * A job whose rank 1 hangs a chain of {@code args[0]} objects of its own class on a shared object,
 * which the others then read: too deep for Kryo's recursion on a default thread stack from a few
 * thousand links.
 */
public class DeepChain extends Spmd {

    /** One link of the chain. */
    public static class Link {
        public Link next;
    }

    /** The shared object that holds the chain. */
    public static class Holder {
        public Link head;
    }

    private Holder holder;

    @Override
    public void init() {
        holder = pool.register(new Holder());
    }

    @Override
    public void start() {
        if (myThread() == threadsPerNode()) { // the first thread of rank 1
            pool.acquire(holder);
            for (int i = 0; i < Integer.parseInt(args().get(0)); i++) {
                Link link = new Link();
                link.next = holder.head;
                holder.head = link;
            }
            pool.release(holder);
        }
        barrier();
        pool.update(holder);
        int length = 0;
        for (Link link = holder.head; link != null; link = link.next) {
            length++;
        }
        System.out.println("rank " + myNode() + " read " + length + " links");
    }
}

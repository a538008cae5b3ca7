package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Every thread sends messages to a thread of the next node through one shared {@link Mailboxes}
 * object of one-message boxes, written as plain Java: sending is a synchronized method that waits
 * while the box is full; receiving waits inside a synchronized block nested in a synchronized
 * method (the monitor held twice), with a timed {@code wait}. So each wake-up comes from a thread
 * of another node, and several threads of a node wait on the one monitor. Each receiver checks
 * that its messages arrive whole and in order.
 */
public class MailboxesPlain extends Spmd {

    /** One box per thread; 0 is empty. */
    public static class Mailboxes {
        long[] box;

        Mailboxes(int threads) {
            box = new long[threads];
        }

        synchronized void send(int to, long message) throws InterruptedException {
            while (box[to] != 0) {
                wait();
            }
            box[to] = message;
            notifyAll();
        }

        synchronized long receive(int me) throws InterruptedException {
            synchronized (this) {
                while (box[me] == 0) {
                    wait(5_000);
                }
                long message = box[me];
                box[me] = 0;
                notify();
                return message;
            }
        }
    }

    Mailboxes mail;

    @Override
    public void init() {
        mail = pool.register(new Mailboxes(threads()));
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        int me = myThread();
        int to = (me + threadsPerNode()) % threads();
        int from = (me - threadsPerNode() + threads()) % threads();
        String verdict = "ok";
        try {
            for (int r = 1; r <= rounds; r++) {
                mail.send(to, 1000L * me + r);
                long got = mail.receive(me);
                if (got != 1000L * from + r && verdict.equals("ok")) {
                    verdict = "round " + r + " got " + got + ", want " + (1000L * from + r);
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        barrier();
        Results.put(getClass().getSimpleName() + me, verdict);
    }
}

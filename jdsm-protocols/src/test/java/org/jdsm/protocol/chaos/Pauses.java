package org.jdsm.protocol.chaos;

import java.util.Random;

/** The chaos jobs' random pause: a sleep of up to 0.2 ms, so threads interleave differently each run. */
final class Pauses {

    private Pauses() {
    }

    static void briefly(Random random) {
        try {
            Thread.sleep(0, random.nextInt(200_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.jdsm.protocol.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One thread's seeded random program of block holds taken with {@code acquire} and
 * {@code acquireAsync} (reentrant ones too, also while the thread's own {@code acquireAsync} of the
 * block is pending), futures touched in random order, writes to held blocks, releases, prefetches
 * touched later or never, and counters under named locks; phases end in a barrier with nothing held.
 * Deadlock-free by construction, since a thread takes blocks in the order it asks for them (blocking
 * or not): holds are started in ascending block order, and a thread waits for another's block
 * (reading it, or taking a lock) only while it holds and awaits nothing. A pure function of its
 * parameters, so any thread can replay any thread's program for the expected counts.
 */
final class AsyncHoldsProgram {

    /** What a step does. */
    enum Kind { ACQUIRE, ACQUIRE_ASYNC, TOUCH, WRITE, RELEASE, UPDATE_ASYNC, TOUCH_UPDATE, UPDATE, LOCKED_INCREMENT, BARRIER }

    /** One step: {@code block} (or lock), {@code element} for writes, {@code index} of the future to touch. */
    record Step(Kind kind, int block, int element, int index) {
    }

    private final List<Step> steps = new ArrayList<>();
    private final int blocks;
    private final int blockLength;
    private final int[] held;
    private final int[] writable;
    private final List<Integer> pending = new ArrayList<>();
    private int updates;

    private AsyncHoldsProgram(int blocks, int blockLength) {
        this.blocks = blocks;
        this.blockLength = blockLength;
        this.held = new int[blocks];
        this.writable = new int[blocks];
    }

    /** The program of one thread: {@code phases} phases of {@code stepsPerPhase} random steps, each ending in a barrier. */
    static List<Step> of(Random random, int blocks, int blockLength, int locks, int phases, int stepsPerPhase) {
        AsyncHoldsProgram p = new AsyncHoldsProgram(blocks, blockLength);
        for (int ph = 0; ph < phases; ph++) {
            for (int s = 0; s < stepsPerPhase; s++) {
                p.randomStep(random, locks);
            }
            p.letGoOfEverything();
            p.add(Kind.BARRIER, -1, -1, -1);
        }
        return p.steps;
    }

    private void randomStep(Random random, int locks) {
        int what = random.nextInt(10);
        if (what < 2) {
            int b = lowestToTake() + random.nextInt(blocks - lowestToTake());
            if (random.nextBoolean()) {
                if (random.nextBoolean()) {
                    touchPendingExcept(b); // else the blocking acquire waits for them itself
                }
                add(Kind.ACQUIRE, b, -1, -1);
                held[b]++;
                writable[b]++;
            } else {
                add(Kind.ACQUIRE_ASYNC, b, -1, -1);
                held[b]++;
                pending.add(b);
            }
        } else if (what == 2 && !pending.isEmpty()) {
            touch(random.nextInt(pending.size()));
        } else if (what < 5) {
            int b = randomWritable(random);
            if (b >= 0) {
                add(Kind.WRITE, b, b * blockLength + random.nextInt(blockLength), -1);
            }
        } else if (what < 7) {
            int b = randomWritable(random);
            if (b >= 0) {
                add(Kind.RELEASE, b, -1, -1);
                held[b]--;
                writable[b]--;
            }
        } else if (what == 7) {
            add(Kind.UPDATE_ASYNC, random.nextInt(blocks), -1, -1);
            updates++;
        } else if (quiet()) {
            if (what == 8 && updates > 0 && random.nextBoolean()) {
                add(Kind.TOUCH_UPDATE, -1, -1, random.nextInt(updates));
            } else if (what == 8) {
                add(Kind.UPDATE, random.nextInt(blocks), -1, -1);
            } else {
                add(Kind.LOCKED_INCREMENT, random.nextInt(locks), -1, -1);
            }
        }
    }

    /** The lowest block a new hold may name: none below a block held or pending (equal: reentrant). */
    private int lowestToTake() {
        for (int b = blocks - 1; b >= 0; b--) {
            if (held[b] > 0) {
                return b;
            }
        }
        return 0;
    }

    private void touchPendingExcept(int block) {
        for (int i = pending.size() - 1; i >= 0; i--) {
            if (pending.get(i) != block) {
                touch(i);
            }
        }
    }

    private void touch(int index) {
        int b = pending.remove(index);
        add(Kind.TOUCH, b, -1, index);
        writable[b]++;
    }

    private int randomWritable(Random random) {
        int start = random.nextInt(blocks);
        for (int k = 0; k < blocks; k++) {
            int b = (start + k) % blocks;
            if (writable[b] > 0) {
                return b;
            }
        }
        return -1;
    }

    /** Holds nothing and awaits nothing: may wait for another thread. */
    private boolean quiet() {
        for (int h : held) {
            if (h > 0) {
                return false;
            }
        }
        return true;
    }

    private void letGoOfEverything() {
        while (!pending.isEmpty()) {
            touch(pending.size() - 1);
        }
        for (int b = 0; b < blocks; b++) {
            while (writable[b] > 0) {
                add(Kind.RELEASE, b, -1, -1);
                held[b]--;
                writable[b]--;
            }
        }
    }

    private void add(Kind kind, int block, int element, int index) {
        steps.add(new Step(kind, block, element, index));
    }
}

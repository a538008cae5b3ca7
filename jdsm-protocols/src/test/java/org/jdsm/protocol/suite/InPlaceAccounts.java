package org.jdsm.protocol.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jdsm.Spmd;

/**
 * A job over accounts changed in place, for tests of values whose change their class's own
 * {@code equals} or copy cannot show: accounts as elements of a shared {@code Object[]} (under their
 * block) and, inside a single shared object, in a field and in a list (each under its own named
 * lock). Each thread makes seeded deposits; after each barrier every balance must equal the
 * deposits the seeded choices made. Subclasses say what an account is. Args: phases, iterations, seed.
 */
public abstract class InPlaceAccounts extends Spmd {
    static final int ACCOUNTS = 16;
    static final int BLOCK = 4;
    static final int SLOTS = ACCOUNTS + 3;

    private Object[] accounts;
    private Ledger ledger;

    /** A single shared object holding accounts in a field and in a list. */
    public static final class Ledger {
        public Object main;
        public ArrayList<Object> others;

        Ledger(Object main, Object... others) {
            this.main = main;
            this.others = new ArrayList<>(Arrays.asList(others));
        }

        Ledger() {
            // for Kryo
        }
    }

    /** A new account with balance 0. */
    protected abstract Object newAccount(long id);

    /** Adds 1 to {@code account}'s balance, in place. */
    protected abstract void deposit(Object account);

    /** {@code account}'s balance. */
    protected abstract long balance(Object account);

    @Override
    public void init() {
        Object[] all = new Object[ACCOUNTS];
        for (int i = 0; i < ACCOUNTS; i++) {
            all[i] = newAccount(i);
        }
        accounts = pool.register(all, BLOCK);
        ledger = pool.register(new Ledger(newAccount(-1), newAccount(-2), newAccount(-3)));
    }

    @Override
    public void start() {
        JobArgs args = JobArgs.of(this);
        int phases = args.integer("phases", 3);
        int iterations = args.integer("iterations", 8);
        Random choices = args.choices(myThread());
        for (int phase = 0; phase < phases; phase++) {
            for (int i = 0; i < iterations; i++) {
                int slot = choices.nextInt(SLOTS);
                if (slot < ACCOUNTS) {
                    pool.acquire(accounts, slot);
                    deposit(accounts[slot]);
                    pool.release(accounts, slot);
                } else {
                    String lock = slot == ACCOUNTS ? "ledger-main" : "ledger-others"; // a field is the unit
                    pool.lock(lock);
                    pool.writeCheck(ledger);
                    deposit(ledgerAccount(slot));
                    pool.unlock(lock);
                }
            }
            barrier();
            checkBalances(args, (phase + 1) * iterations, phase + 1);
            barrier();
        }
    }

    private Object ledgerAccount(int slot) {
        return slot == ACCOUNTS ? ledger.main : ledger.others.get(slot - ACCOUNTS - 1);
    }

    private void checkBalances(JobArgs args, int steps, int phase) {
        long[] expected = new long[SLOTS];
        for (int t = 0; t < threads(); t++) {
            Random replay = args.choices(t);
            for (int i = 0; i < steps; i++) {
                expected[replay.nextInt(SLOTS)]++;
            }
        }
        pool.update(accounts, 0, ACCOUNTS);
        pool.update(ledger);
        for (int slot = 0; slot < SLOTS; slot++) {
            int s = slot;
            long balance = balance(slot < ACCOUNTS ? accounts[slot] : ledgerAccount(slot));
            Check.equal(expected[slot], balance, () -> "balance of account slot " + s + " after phase " + phase
                    + " (lost increments)");
        }
    }

    /** The job's arguments for a run of {@code shape}. */
    static List<String> args(Shape shape, int seed) {
        return List.of(JobArgs.arg("phases", 3), JobArgs.arg("iterations", Math.max(8, 48 / shape.threads())),
                JobArgs.arg("seed", seed));
    }
}

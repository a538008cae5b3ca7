package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Records with a mutable component (a counter object, an array) as shared values: elements of an
 * {@code Object[]} and, inside a single shared object, a field and a list of them, each counter
 * changed in place under its block's or its field's lock. Kryo takes records for immutable and
 * "copies" one by returning it. Checked: after each barrier every count equals the increments the
 * seeded choices made.
 */
class RecordComponentsInPlaceTest {

    /**
     * LRC lost every such change: a twin "copied" the record by sharing it with the live copy, so a
     * release compared the record with itself and sent the home no diff.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void recordsChangedInPlaceKeepTheirChanges(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, RecordComponentWriters.class, protocol, shape,
                List.of(arg("phases", 3), arg("iterations", Math.max(8, 48 / shape.threads())), arg("seed", 41)));
    }

    /** A mutable counter. */
    public static final class Tally {
        long count;
    }

    /** An account: a record whose balance changes in place, in its tally and its history array. */
    public record Account(long id, Tally balance, long[] history) {
        Account(long id) {
            this(id, new Tally(), new long[1]);
        }

        void deposit() {
            balance.count++;
            history[0]++;
        }

        long total() {
            if (balance.count != history[0]) {
                throw new IllegalStateException("account " + id + ": tally " + balance.count + ", history " + history[0]);
            }
            return balance.count;
        }
    }

    /** A single shared object holding accounts in a field and in a list. */
    public static final class Ledger {
        public Account main = new Account(-1);
        public ArrayList<Account> others = new ArrayList<>(List.of(new Account(-2), new Account(-3)));
    }

    public static final class RecordComponentWriters extends Spmd {
        static final int ACCOUNTS = 16;
        static final int BLOCK = 4;
        static final int SLOTS = ACCOUNTS + 3;

        private Object[] accounts;
        private Ledger ledger;

        @Override
        public void init() {
            Object[] all = new Object[ACCOUNTS];
            for (int i = 0; i < ACCOUNTS; i++) {
                all[i] = new Account(i);
            }
            accounts = pool.register(all, BLOCK);
            ledger = pool.register(new Ledger());
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
                        ((Account) accounts[slot]).deposit();
                        pool.release(accounts, slot);
                    } else {
                        String lock = slot == ACCOUNTS ? "ledger-main" : "ledger-others"; // a field is the unit
                        pool.lock(lock);
                        pool.writeCheck(ledger);
                        ledgerAccount(slot).deposit();
                        pool.unlock(lock);
                    }
                }
                barrier();
                checkBalances(args, (phase + 1) * iterations, phase + 1);
                barrier();
            }
        }

        private Account ledgerAccount(int slot) {
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
                long balance = slot < ACCOUNTS ? ((Account) accounts[slot]).total() : ledgerAccount(slot).total();
                Check.equal(expected[slot], balance, () -> "balance of account slot " + s + " after phase " + phase
                        + " (lost increments)");
            }
        }
    }
}

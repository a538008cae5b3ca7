package org.jdsm.protocol.suite;

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
        Jobs.runOver(comm, RecordComponentWriters.class, protocol, shape, InPlaceAccounts.args(shape, 41));
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

    /** Records whose tally and history change in place. */
    public static final class RecordComponentWriters extends InPlaceAccounts {
        @Override
        protected Object newAccount(long id) {
            return new Account(id);
        }

        @Override
        protected void deposit(Object account) {
            ((Account) account).deposit();
        }

        @Override
        protected long balance(Object account) {
            return ((Account) account).total();
        }
    }
}

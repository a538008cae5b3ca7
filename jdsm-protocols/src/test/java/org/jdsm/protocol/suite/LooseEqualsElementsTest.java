package org.jdsm.protocol.suite;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shared values whose class's {@code equals} compares an identity only (an entity equal by its id,
 * as many programs write them): elements of an {@code Object[]} and, inside a single shared object,
 * a field and a list of them, each changed in place under its block's or its field's lock. Such a value
 * with a changed balance is still {@code equals} to its old copy, so equality cannot tell a change.
 * Checked: after each barrier every balance equals the increments the seeded choices made.
 */
class LooseEqualsElementsTest {

    /**
     * LRC lost every in-place change of such values: a release's diff compared them by equals, found
     * none, and sent nothing to the home.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void valuesEqualByIdKeepTheirChangedFields(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, LooseEqualsWriters.class, protocol, shape, InPlaceAccounts.args(shape, 37));
    }

    /** An entity: equal to any account with its id, whatever its balance. */
    public static final class Account {
        long id;
        long balance;

        Account(long id) {
            this.id = id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Account other && other.id == id;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    /** Accounts equal by id, changed in place. */
    public static final class LooseEqualsWriters extends InPlaceAccounts {
        @Override
        protected Object newAccount(long id) {
            return new Account(id);
        }

        @Override
        protected void deposit(Object account) {
            ((Account) account).balance++;
        }

        @Override
        protected long balance(Object account) {
            return ((Account) account).balance;
        }
    }
}

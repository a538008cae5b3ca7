package org.jdsm.content;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/** {@link SameContent}: values of classes with identity {@code equals} compare by what they hold. */
class SameContentTest {

    private final WireFormat wire = new WireFormat();
    private final SameContent same = new SameContent(wire);

    /** A value class without {@code equals}. */
    static final class Tally {
        long count;
    }

    @Test
    void aHashMapAndItsCopyHoldTheSameContentWhateverTheirCapacities() {
        HashMap<Integer, Tally> original = new HashMap<>();
        original.put(3, new Tally());
        original.put(4, new Tally());
        @SuppressWarnings("unchecked") // decoded, a map is sized for its two entries and iterates 4 before 3
        HashMap<Integer, Tally> map = (HashMap<Integer, Tally>) wire.readPayload(wire.open(wire.encode(original)));
        HashMap<Integer, Tally> copy = wire.copy(map); // sized by default, it iterates 3 before 4
        assertTrue(same.test(map, copy));
        copy.get(4).count++;
        assertFalse(same.test(map, copy), "a value changed in place");
    }

    @Test
    void valuesWithEqualsCompareByEquals() {
        assertTrue(same.test(1L, 1L));
        assertFalse(same.test(1L, 2L));
        assertTrue(same.test(new double[] {1, 2}, new double[] {1, 2}));
        assertFalse(same.test(new double[] {1, 2}, new double[] {1, 3}));
        assertTrue(same.test(List.of("a"), List.of("a")));
        assertFalse(same.test(null, "a"));
    }

    @Test
    void copiesOfClassesWithoutEqualsCompareByEncoding() {
        Tally tally = new Tally();
        tally.count = 5;
        Tally copy = wire.copy(tally);
        assertTrue(same.test(tally, copy), "a decoded copy is the same content");
        copy.count = 6;
        assertFalse(same.test(tally, copy), "a change in place is a change");
        Object[] tallies = {tally, null};
        Object[] copies = wire.copy(tallies);
        assertTrue(same.test(tallies, copies), "arrays of such elements compare by their encodings");
        ((Tally) copies[0]).count = 7;
        assertFalse(same.test(tallies, copies));
    }

    @Test
    void hashContainersOfIdentityHashedElementsCompareByContentNotOrder() {
        HashSet<Tally> set = new HashSet<>();
        HashMap<Tally, HashSet<Tally>> map = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            Tally t = new Tally();
            t.count = i;
            set.add(t);
            map.put(wire.copy(t), new HashSet<>(List.of(wire.copy(t))));
        }
        for (int round = 0; round < 20; round++) { // each copy puts its new elements in other buckets
            HashSet<Tally> setCopy = wire.copy(set);
            HashMap<Tally, HashSet<Tally>> mapCopy = wire.copy(map);
            assertTrue(same.test(set, setCopy), "a copy of a set iterates in another order, with the same content");
            assertTrue(same.test(map, mapCopy), "a copy of a map iterates in another order, with the same content");
            setCopy.iterator().next().count += 100;
            mapCopy.values().iterator().next().iterator().next().count += 100;
            assertFalse(same.test(set, setCopy), "an element changed in place");
            assertFalse(same.test(map, mapCopy), "a nested element changed in place");
        }
    }

    /** An entity: equal to any copy with its id, whatever its balance. */
    static final class Account {
        long id;
        long balance;

        @Override
        public boolean equals(Object o) {
            return o instanceof Account other && other.id == id;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    @Test
    void aClassWhoseEqualsComparesAnIdStillChangesWithItsOtherFields() {
        Account account = new Account();
        Account copy = wire.copy(account);
        assertTrue(same.test(account, copy));
        copy.balance = 5;
        assertFalse(same.test(account, copy), "equal by id, but its balance changed");
        List<Account> accounts = List.of(account);
        assertFalse(same.test(accounts, List.of(copy)), "a list's equals compares by the elements' equals");
    }

    record Point(double x, double y) {
    }

    record Tagged(long id, long[] values) {
    }

    @Test
    void recordsCompareByTheirComponentsWhereTheirEqualsDoes() {
        assertTrue(same.test(new Point(1, 2), new Point(1, 2)));
        assertFalse(same.test(new Point(1, 2), new Point(1, 3)));
        Tagged tagged = new Tagged(1, new long[] {5});
        Tagged copy = wire.copy(tagged);
        assertTrue(same.test(tagged, copy), "equal components, though its equals compares the array by identity");
        copy.values()[0]++;
        assertFalse(same.test(tagged, copy), "an array component changed in place");
    }

    /** A user's set class. */
    static final class Bag extends HashSet<Tally> {
    }

    @Test
    void subclassesOfHashContainersCompareByContentAndLinkedOnesByOrderToo() {
        Bag bag = new Bag();
        for (int i = 0; i < 12; i++) {
            Tally t = new Tally();
            t.count = i;
            bag.add(t);
        }
        for (int round = 0; round < 20; round++) {
            assertTrue(same.test(bag, wire.copy(bag)), "a copy of a HashSet subclass iterates in another order, with the same content");
        }
        LinkedHashSet<String> ordered = new LinkedHashSet<>(List.of("a", "b"));
        assertFalse(same.test(ordered, new LinkedHashSet<>(List.of("b", "a"))), "a LinkedHashSet's order is content");
    }

    /** A node of a graph that may be cyclic. */
    static final class Link {
        long value;
        Link next;
        Tally tally = new Tally();
    }

    @Test
    void objectsOfTheJobsClassesCompareFieldByFieldThroughCycles() {
        Link a = new Link();
        a.next = new Link();
        a.next.next = a; // a cycle: compared field by field, it must still end
        Link copy = wire.copy(a);
        assertTrue(same.test(a, copy), "a copy of a cyclic graph");
        copy.next.tally.count = 3;
        assertFalse(same.test(a, copy), "a change two levels down");
        copy.next.tally.count = 0;
        copy.next.next.value = 4;
        assertFalse(same.test(a, copy), "a change reached through the cycle");
        assertFalse(same.test(new Link[] {a}, new Link[] {copy}), "inside an object array");
    }

    @Test
    void arrayListsCompareElementByElementAndEndOnCycles() {
        java.util.ArrayList<Object> a = new java.util.ArrayList<>(List.of(new Tally(), 1L));
        java.util.ArrayList<Object> b = wire.copy(a);
        assertTrue(same.test(a, b), "elements without equals, by their fields");
        ((Tally) b.get(0)).count++;
        assertFalse(same.test(a, b));
        a.add(a);
        java.util.ArrayList<Object> c = wire.copy(a);
        assertTrue(same.test(a, c), "a list holding itself");
        c.set(1, 2L);
        assertFalse(same.test(a, c));
    }

    @Test
    void mapsWithValueKeysCompareKeyByKey() {
        java.util.TreeMap<String, Tally> a = new java.util.TreeMap<>();
        a.put("x", new Tally());
        java.util.TreeMap<String, Tally> b = wire.copy(a);
        assertTrue(same.test(a, b), "values without equals, by their fields");
        b.get("x").count++;
        assertFalse(same.test(a, b));
        HashMap<String, Long> c = new HashMap<>();
        c.put("k", null);
        HashMap<String, Long> d = new HashMap<>();
        d.put("j", null);
        assertFalse(same.test(c, d), "another key, both holding null");
        assertTrue(same.test(c, new HashMap<>(c)));
    }
}

package org.jdsm.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/** {@link SetDiff}: a set of values travels as the values added and removed, applied in place. */
class SetDiffTest {

    private final WireFormat wire = new WireFormat(List.of(ArrayDiff.class, FieldDiff.class, NestedFieldDiff.class,
            ListDiff.class, MapDiff.class, SetDiff.class));
    private final SameContent same = new SameContent(wire);

    /** A comparator that finds strings of one length equal. */
    static final class ByLength implements java.util.Comparator<String> {
        @Override
        public int compare(String a, String b) {
            return Integer.compare(a.length(), b.length());
        }
    }

    /** An element whose equals is identity: a decoded copy of it is another element. */
    static final class Handle {
    }

    @Test
    void writersAddingAndRemovingDifferentValuesMergeAfterTheWire() {
        TreeSet<Integer> home = new TreeSet<>(Set.of(1, 2, 3));
        Object a = TwoWriters.mergeAtHome(wire, same, home, w -> {
            w.add(10);
            w.remove(1);
        }, w -> {
            w.add(20);
            w.remove(3);
        });
        assertInstanceOf(SetDiff.class, a);
        assertEquals(Set.of(2, 10, 20), home);
    }

    @Test
    void setsOfValuesCompareByEqualsAndOthersTravelWhole() {
        HashSet<String> words = new HashSet<>(Set.of("a", "b"));
        assertTrue(same.test(words, new HashSet<>(words)));
        assertNull(ArrayDiff.inside(new HashSet<>(words), words, same), "nothing changed");
        HashSet<Handle> handles = new HashSet<>(Set.of(new Handle()));
        HashSet<Handle> more = new HashSet<>(handles);
        more.add(new Handle());
        assertNull(ArrayDiff.inside(more, handles, same), "elements without a value equals");
    }

    @Test
    void aLinkedSetWhoseOrderAloneChangedTravelsWhole() {
        java.util.LinkedHashSet<String> before = new java.util.LinkedHashSet<>(List.of("a", "b"));
        java.util.LinkedHashSet<String> now = new java.util.LinkedHashSet<>(List.of("b", "a"));
        assertTrue(!same.test(now, before), "the order is content");
        assertNull(ArrayDiff.inside(now, before, same), "nothing added or removed: the set goes whole");
    }

    @Test
    void aTreeSetWithAComparatorTravelsWhole() {
        TreeSet<String> before = new TreeSet<>(new ByLength());
        before.add("ab");
        TreeSet<String> now = new TreeSet<>(before.comparator());
        now.add("cd");
        assertTrue(!same.test(now, before), "equal by the comparator, not by content");
        assertNull(ArrayDiff.inside(now, before, same));
    }

    @Test
    void installedContentGoesIntoTheSetInPlace() {
        TreeSet<String> old = new TreeSet<>(Set.of("a", "b"));
        TreeSet<String> value = new TreeSet<>(Set.of("b", "c"));
        assertSame(old, ElementsInPlace.update(old, value));
        assertEquals(Set.of("b", "c"), old);
    }
}

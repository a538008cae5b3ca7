package org.jdsm.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/** {@link MapDiff}: a map travels as its changed, new and removed keys, applied key by key in place. */
class MapDiffTest {

    private final WireFormat wire = new WireFormat(List.of(ArrayDiff.class, FieldDiff.class, NestedFieldDiff.class,
            ListDiff.class, MapDiff.class));
    private final SameContent same = new SameContent(wire);

    /** An object of a class of the job's held in a map. */
    static final class Account {
        long balance;
        long fees;
    }

    /** A key whose equals is identity: a decoded copy of it finds nothing. */
    static final class Handle {
    }

    @Test
    void writersOfDifferentKeysMergeAfterTheWire() {
        HashMap<String, Long> home = new HashMap<>(Map.of("a", 0L, "b", 0L, "c", 0L));
        Object a = TwoWriters.mergeAtHome(wire, same, home, w -> w.put("a", 1L), w -> w.put("c", 3L));
        assertInstanceOf(MapDiff.class, a);
        assertEquals(Map.of("a", 1L, "b", 0L, "c", 3L), home);
    }

    @Test
    void objectsInTheMapTakeChangedFieldsInPlace() {
        TreeMap<Integer, Account> home = new TreeMap<>(Map.of(1, new Account(), 2, new Account()));
        Account kept = home.get(2);
        TwoWriters.mergeAtHome(wire, same, home, w -> w.get(2).balance = 10, w -> w.get(2).fees = 1);
        assertSame(kept, home.get(2), "the object in the map is changed, not replaced");
        assertEquals(10, kept.balance);
        assertEquals(1, kept.fees);
    }

    @Test
    void writersAddingAndRemovingDifferentKeysMerge() {
        ConcurrentHashMap<String, Long> home = new ConcurrentHashMap<>(Map.of("a", 0L, "b", 0L));
        TwoWriters.mergeAtHome(wire, same, home, w -> {
            w.put("x", 1L);
            w.remove("a");
        }, w -> w.put("y", 2L));
        assertEquals(Map.of("b", 0L, "x", 1L, "y", 2L), home);
    }

    @Test
    void aMapWithKeysThatAreNoValuesTravelsWhole() {
        HashMap<String, Long> before = new HashMap<>(Map.of("a", 0L));
        assertNull(ArrayDiff.inside(new HashMap<>(before), before, same), "nothing changed");
        Handle h = new Handle();
        HashMap<Handle, Long> handles = new HashMap<>(Map.of(h, 0L));
        assertNull(ArrayDiff.inside(new HashMap<>(Map.of(h, 1L)), handles, same), "keys without a value equals");
        assertNull(ArrayDiff.inside(new HashMap<>(), handles, same), "such a key removed");
        TreeMap<String, Long> byLength = new TreeMap<>(new SetDiffTest.ByLength());
        byLength.put("ab", 0L);
        TreeMap<String, Long> renamed = new TreeMap<>(byLength.comparator());
        renamed.put("cd", 0L);
        assertNull(ArrayDiff.inside(renamed, byLength, same), "a comparator finds other keys equal: the map goes whole");
        LinkedHashMap<String, Long> linked = new LinkedHashMap<>(before);
        linked.put("a", 5L);
        assertInstanceOf(MapDiff.class, ArrayDiff.inside(linked, new LinkedHashMap<>(before), same));
    }

    @Test
    void aChangeInsideTheValueOfAKeyAnotherWriterRemovedIsDropped() {
        TreeMap<Integer, Account> before = new TreeMap<>(Map.of(1, new Account(), 2, new Account()));
        TreeMap<Integer, Account> now = wire.copy(before);
        now.get(2).fees = 3;
        Object change = ArrayDiff.inside(now, before, same);
        TreeMap<Integer, Account> home = new TreeMap<>(Map.of(1, new Account()));
        ArrayDiff.applyInside(home, change);
        assertEquals(Set.of(1), home.keySet());
        ArrayDiff.applyInside(null, change); // a field another writer set to null
    }

    @Test
    void installedContentGoesIntoTheMapInPlace() {
        HashMap<String, Account> old = new HashMap<>(Map.of("x", new Account()));
        Account kept = old.get("x");
        HashMap<String, Account> value = wire.copy(old);
        value.get("x").balance = 4;
        assertSame(old, ElementsInPlace.update(old, value));
        assertSame(kept, old.get("x"));
        assertEquals(4, kept.balance);
        HashMap<String, Account> other = new HashMap<>(Map.of("y", new Account()));
        other.put("x", wire.copy(kept));
        assertSame(old, ElementsInPlace.update(old, other), "other keys: the same map takes all the entries");
        assertEquals(other.keySet(), old.keySet());
        assertSame(kept, old.get("x"), "a key both have keeps its object");
        java.util.LinkedHashMap<String, Long> linked = new java.util.LinkedHashMap<>();
        linked.put("a", 1L);
        linked.put("b", 2L);
        java.util.LinkedHashMap<String, Long> reordered = new java.util.LinkedHashMap<>();
        reordered.put("b", 2L);
        reordered.put("a", 1L);
        ElementsInPlace.update(linked, reordered);
        assertEquals(List.of("b", "a"), List.copyOf(linked.keySet()), "a linked map takes the order too");
    }
    /**
     * A writer of a linked map (or set) that moves a key to the end (removes it and puts it again, as
     * an LRU cache does) and changes or adds another: the home must end in the writer's order. The
     * diff carried only the changed and added keys, so the home kept the moved key where it was.
     */
    @Test
    void aLinkedMapOrSetWhoseKeysMovedEndsInTheWritersOrder() {
        LinkedHashMap<String, Long> home = new LinkedHashMap<>();
        home.put("a", 1L);
        home.put("b", 2L);
        home.put("c", 3L);
        LinkedHashMap<String, Long> moved = publish(home, w -> {
            w.put("a", w.remove("a"));
            w.put("d", 4L);
        }, "a key moved, another added");
        assertEquals(List.copyOf(moved.keySet()), List.copyOf(home.keySet()));
        moved = publish(home, w -> w.put("b", w.remove("b") + 1), "a key moved with a new value");
        assertEquals(List.copyOf(moved.keySet()), List.copyOf(home.keySet()));
        assertEquals(moved, home);
        java.util.LinkedHashSet<String> set = new java.util.LinkedHashSet<>(List.of("a", "b", "c"));
        java.util.LinkedHashSet<String> writer = publish(set, w -> {
            w.remove("a");
            w.add("a");
            w.add("d");
        }, "an element moved, another added");
        assertEquals(List.copyOf(writer), List.copyOf(set));
    }

    /**
     * An access-ordered map (an LRU cache's) whose writer changed a value in place, moving no key:
     * the home must keep the writer's order. A diff applied there looked the key up with get, which
     * moved it to the end.
     */
    @Test
    void anAccessOrderedMapEndsInTheWritersOrder() {
        LinkedHashMap<String, Long> home = new LinkedHashMap<>(16, 0.75f, true);
        home.put("a", 1L);
        home.put("b", 2L);
        home.put("c", 3L);
        LinkedHashMap<String, Long> writer = publish(home, w -> w.entrySet().iterator().next().setValue(5L), "a value set in place");
        assertEquals(List.copyOf(writer.entrySet()), List.copyOf(home.entrySet()));
        writer = publish(home, w -> w.get("b"), "a key read");
        assertEquals(List.copyOf(writer.entrySet()), List.copyOf(home.entrySet()));
        assertEquals(List.of("a", "c", "b"), List.copyOf(home.keySet()));
    }

    @Test
    void aLinkedMapWhoseNewKeysComeLastTravelsAsItsChanges() {
        LinkedHashMap<String, Long> home = new LinkedHashMap<>(Map.of("a", 1L));
        home.put("b", 2L);
        LinkedHashMap<String, Long> writer = wire.copy(home);
        writer.remove("a");
        writer.put("c", 3L);
        writer.put("b", 5L);
        assertInstanceOf(MapDiff.class, ArrayDiff.inside(writer, wire.copy(home), same));
    }

    /** A writer's change of a copy of {@code home}, published as a release does: a diff if there is one, else the value whole. */
    private <T> T publish(T home, java.util.function.Consumer<T> write, String what) {
        T writer = wire.copy(home);
        write.accept(writer);
        Object inside = ArrayDiff.inside(writer, wire.copy(home), same);
        if (inside != null) {
            ArrayDiff.applyInside(home, wire.decode(wire.encode(inside)));
        } else {
            assertSame(home, ElementsInPlace.update(home, wire.copy(writer)), what);
        }
        return writer;
    }
    /**
     * Content installed into a map or set goes in while another thread of the node reads a key that
     * stays, under that key's lock (no data race: no one changed it): the reader must find it at every
     * instant. The install cleared the collection and put everything back, so the reader could find
     * the key missing (SharedObjects under sc and lrc, CollectionDiffsStressTest: 'read null').
     */
    @Test
    void installedContentNeverHidesAKeyThatStaysFromAReader() throws Exception {
        LinkedHashMap<String, Long> map = new LinkedHashMap<>(Map.of("mine", 7L));
        map.put("other", 0L);
        java.util.HashSet<String> set = new java.util.HashSet<>(Set.of("a", "b", "c"));
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicLong installs = new java.util.concurrent.atomic.AtomicLong();
        Thread installer = new Thread(() -> {
            LinkedHashMap<String, Long> value = wire.copy(map);
            java.util.HashSet<String> elements = wire.copy(set);
            for (long v = 1; !done.get(); v++) {
                value.put("other", v);
                ElementsInPlace.update(map, wire.copy(value));
                ElementsInPlace.update(set, wire.copy(elements));
                installs.incrementAndGet();
            }
        });
        installer.start();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(500);
        try {
            while (System.nanoTime() < deadline || installs.get() < 1000) {
                assertEquals(7L, map.get("mine"), "the reader's key after " + installs.get() + " installs");
                assertEquals(3, set.size(), "the set's elements after " + installs.get() + " installs");
            }
        } finally {
            done.set(true);
            installer.join();
        }
        assertEquals(List.of("mine", "other"), List.copyOf(map.keySet()));
    }
    /**
     * A HashMap may hold a null key, which a decoded copy finds as any value key: writers of different
     * keys of such a map merge. It travelled whole, so the last writer's map undid the other's key.
     */
    @Test
    void writersOfDifferentKeysOfAMapWithANullKeyMerge() {
        HashMap<String, Long> home = new HashMap<>();
        home.put(null, 0L);
        home.put("a", 0L);
        LinkedHashMap<String, Long> linked = new LinkedHashMap<>(home);
        Object a = TwoWriters.mergeAtHome(wire, same, home, w -> w.put(null, 1L), w -> w.put("a", 2L));
        assertInstanceOf(MapDiff.class, a);
        assertEquals(1L, home.get(null));
        assertEquals(2L, home.get("a"));
        TwoWriters.mergeAtHome(wire, same, linked, w -> w.put(null, 1L), w -> {
            w.remove("a");
            w.put("b", 2L);
        });
        assertEquals(List.of(Arrays.asList(null, 1L), List.of("b", 2L)),
                linked.entrySet().stream().map(e -> Arrays.asList(e.getKey(), e.getValue())).toList());
    }
}

package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.jdsm.content.ArrayDiff;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/**
 * An object block's elements keep their identity when other nodes' content reaches them (a fetch or
 * a grant installed, a diff applied at the home, a fetch merged under local writes): a reference
 * that user code keeps to an element still reads and writes the element afterwards.
 */
class ElementIdentityTest {

    private final WireFormat wire = new WireFormat();

    /** An element class of the user's. */
    static final class Particle {
        long x;
        long[] history = new long[2];

        Particle(long x) {
            this.x = x;
        }
    }

    record Point(long x) {
    }

    private static Object[] particles() {
        return new Object[] {new Particle(0), new Particle(1), new Particle(2)};
    }

    @Test
    void installedContentChangesTheElementsInPlace() {
        Object[] array = particles();
        Object[] kept = array.clone();
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 3, Distribution.BLOCK, wire);
        Object[] content = (Object[]) wire.copy(so.snapshot(0));
        ((Particle) content[1]).x = 10;
        so.install(0, content);
        for (int i = 0; i < array.length; i++) {
            assertSame(kept[i], array[i], "element " + i);
        }
        assertEquals(10, ((Particle) kept[1]).x, "the kept reference reads the installed value");
    }

    @Test
    void aDiffAppliedAtTheHomeChangesTheElementInPlace() {
        Object[] writer = particles();
        SharedObject writerCopy = new SharedObjectForBlock(writer, 0, 1, 3, Distribution.BLOCK, wire);
        Object twin = writerCopy.snapshot(0);
        ((Particle) writer[2]).x = 20;
        Object[] home = particles();
        Particle kept = (Particle) home[2];
        new SharedObjectForBlock(home, 0, 1, 3, Distribution.BLOCK, wire).applyDiff(0, wire.copy(writerCopy.diff(0, twin)));
        assertSame(kept, home[2]);
        assertEquals(20, kept.x);
    }

    @Test
    void aMergedElementChangesInPlaceAndSharesNothingWithTheNewTwin() {
        Object[] array = particles();
        Particle kept = (Particle) array[0];
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 3, Distribution.BLOCK, wire);
        Object[] twin = (Object[]) so.snapshot(0);
        ((Particle) array[1]).x = 11; // this node's write
        Object[] master = wire.copy(twin);
        ((Particle) master[0]).x = 5; // the master's change
        Object newTwin = so.mergeUnder(0, master, twin);
        assertSame(kept, array[0]);
        assertEquals(5, kept.x);
        kept.history[0] = 7; // a later write into what the element holds must not reach the twin
        ArrayDiff next = (ArrayDiff) so.diff(0, newTwin);
        assertNotNull(next);
        assertEquals(2, next.changedElements(), "elements 0 and 1");
    }

    @Test
    void rowsKeepTheirIdentityAndValuesThatCannotChangeInPlaceAreReplaced() {
        Object[] array = {new long[] {1, 2}, new long[] {3}, "a", new Point(1)};
        Object[] kept = array.clone();
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 4, Distribution.BLOCK, wire);
        Object[] content = {new long[] {5, 6}, new long[] {7, 8}, "b", new Point(2)};
        so.install(0, content);
        assertSame(kept[0], array[0], "a row of the same length is the same row");
        assertArrayEquals(new long[] {5, 6}, (long[]) kept[0]);
        assertSame(content[1], array[1], "a row of another length is replaced");
        assertEquals("b", array[2]);
        assertEquals(new Point(2), array[3], "a record is replaced");
    }

    /** A position an element holds. */
    static final class Vec {
        long x;
    }

    /** An element holding an object, as a particle holds its position. */
    static final class Body {
        Vec pos = new Vec();
        Object[] neighbours = {new Vec()};
    }

    /** A single shared object holding one. */
    static final class World {
        Body body = new Body();
    }

    @Test
    void whatAnElementHoldsKeepsItsIdentityToo() {
        Object[] array = {new Body()};
        Body element = (Body) array[0];
        Vec pos = element.pos;
        Vec neighbour = (Vec) element.neighbours[0];
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 1, Distribution.BLOCK, wire);
        Object[] content = (Object[]) wire.copy(so.snapshot(0));
        ((Body) content[0]).pos.x = 4;
        ((Vec) ((Body) content[0]).neighbours[0]).x = 5;
        so.install(0, content);
        assertSame(pos, element.pos, "a reference kept into the element stays what it holds");
        assertEquals(4, pos.x);
        assertSame(neighbour, element.neighbours[0], "also through an object array it holds");
        assertEquals(5, neighbour.x);

        World world = new World();
        Vec kept = world.body.pos;
        SharedObject one = new SharedObjectOne(world, 0, 1, wire);
        World installed = wire.copy((World) one.snapshot(0));
        installed.body.pos.x = 6;
        one.install(0, installed);
        assertSame(kept, world.body.pos, "a single shared object's nested objects too");
        assertEquals(6, kept.x);
    }

    @Test
    void aCyclicGraphIsInstalledInPlaceAndEnds() {
        Link a = Link.cycleOfTwo();
        Object[] array = {a};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 1, Distribution.BLOCK, wire);
        Object[] content = (Object[]) wire.copy(so.snapshot(0));
        ((Link) content[0]).next.value = 7;
        Link b = a.next;
        so.install(0, content);
        assertSame(a, array[0]);
        assertSame(b, a.next);
        assertSame(a, b.next, "the cycle is still this node's objects");
        assertEquals(7, b.value);
    }
    /** An element holding a position whose fields are all written at once (so it travels whole), and one more field. */
    static final class Mover {
        Vec pos = new Vec();
        long steps;
    }

    /** A single shared object holding a position directly. */
    static final class Anchor {
        Vec pos = new Vec();
        long steps;
    }

    @Test
    void aNestedObjectThatTravelsWholeInADiffIsWrittenInPlaceAtTheHome() {
        Object[] writer = {new Mover()};
        SharedObject writerCopy = new SharedObjectForBlock(writer, 0, 1, 1, Distribution.BLOCK, wire);
        Object twin = writerCopy.snapshot(0);
        ((Mover) writer[0]).pos.x = 9; // every field of the Vec: it travels whole inside the element's diff
        Object[] home = {new Mover()};
        Vec kept = ((Mover) home[0]).pos;
        new SharedObjectForBlock(home, 0, 1, 1, Distribution.BLOCK, wire).applyDiff(0, wire.copy(writerCopy.diff(0, twin)));
        assertSame(kept, ((Mover) home[0]).pos, "a reference kept into the element at the home stays what it holds");
        assertEquals(9, kept.x);

        Anchor one = new Anchor();
        SharedObject oneCopy = new SharedObjectOne(one, 0, 1, wire);
        Object oneTwin = oneCopy.snapshot(0);
        one.pos.x = 8;
        Anchor homeOne = new Anchor();
        Vec keptOne = homeOne.pos;
        new SharedObjectOne(homeOne, 0, 1, wire).applyDiff(0, wire.copy(oneCopy.diff(0, oneTwin)));
        assertSame(keptOne, homeOne.pos, "a single shared object's field too");
        assertEquals(8, keptOne.x);
    }

    @Test
    void aNestedObjectTheMasterChangedWholeIsMergedInPlace() {
        Object[] array = {new Mover()};
        Mover element = (Mover) array[0];
        Vec kept = element.pos;
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 1, Distribution.BLOCK, wire);
        Object[] twin = (Object[]) so.snapshot(0);
        element.steps = 1; // this node's write into the element
        Object[] master = wire.copy(twin);
        ((Mover) master[0]).pos.x = 7; // the master's change of another field
        so.mergeUnder(0, master, twin);
        assertSame(kept, element.pos, "merged into an element written here");
        assertEquals(7, kept.x);
        assertEquals(1, element.steps);

        Anchor one = new Anchor();
        Vec keptOne = one.pos;
        SharedObject oneCopy = new SharedObjectOne(one, 0, 1, wire);
        Anchor oneTwin = (Anchor) oneCopy.snapshot(0);
        Anchor oneMaster = wire.copy(oneTwin);
        oneMaster.pos.x = 6;
        oneCopy.mergeUnder(0, oneMaster, oneTwin);
        assertSame(keptOne, one.pos, "merged into a single shared object");
        assertEquals(6, keptOne.x);
    }

    /** An element class with an encoding of its own that holds its state in a transient field. */
    static final class Packed implements com.esotericsoftware.kryo.KryoSerializable {
        transient long[] values = new long[2];

        @Override
        public void write(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Output output) {
            output.writeLong(values[0]);
            output.writeLong(values[1]);
        }

        @Override
        public void read(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Input input) {
            values = new long[] {input.readLong(), input.readLong()};
        }
    }

    @Test
    void aValueWithAnEncodingOfItsOwnTakesItsWholeContent() {
        Object[] array = {new Packed()};
        SharedObject so = new SharedObjectForBlock(array, 0, 1, 1, Distribution.BLOCK, wire);
        Object[] content = (Object[]) wire.copy(so.snapshot(0));
        ((Packed) content[0]).values[1] = 3;
        so.install(0, content);
        assertEquals(3, ((Packed) array[0]).values[1], "installed");

        Object[] writer = {new Packed()};
        SharedObject writerCopy = new SharedObjectForBlock(writer, 0, 1, 1, Distribution.BLOCK, wire);
        Object twin = writerCopy.snapshot(0);
        ((Packed) writer[0]).values[0] = 4;
        Object[] home = {new Packed()};
        new SharedObjectForBlock(home, 0, 1, 1, Distribution.BLOCK, wire).applyDiff(0, wire.copy(writerCopy.diff(0, twin)));
        assertEquals(4, ((Packed) home[0]).values[0], "a diff applied at the home");
    }
}

package org.jdsm;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.jdsm.wire.WireFormat;
import org.junit.jupiter.api.Test;

/** The checks a registration must pass, and what they cost. */
class RegistryTest {

    private final WireFormat wire = new WireFormat();
    private final Registry registry = new Registry();

    /**
     * A large primitive array is registered without a trial copy of it: an HPC job's block array
     * may take most of the heap (SOR at N=8000 is 512 MB), and a serializability round trip would
     * need twice that on top.
     */
    @Test
    void checkingALargePrimitiveArrayAllocatesNoCopyOfIt() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        double[] grid = new double[8 << 20]; // 64 MiB
        long before = threads.getCurrentThreadAllocatedBytes();
        registry.check(grid, wire);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < (1 << 20), "checking a 64 MiB double[] allocated " + allocated + " bytes");
    }

    @Test
    void anObjectThatCannotBeSerializedIsRefusedNamingItsField() {
        DsmException e = assertThrows(DsmException.class, () -> registry.check(new HoldsThread(), wire));
        assertTrue(e.getMessage().contains("field worker: java.lang.Thread is a JDK class"), e.getMessage());
        assertTrue(e.getMessage().contains("mark the field transient"), e.getMessage());
    }

    @Test
    void nullIsRefused() {
        assertThrows(DsmException.class, () -> registry.check(null, wire));
    }

    private void register(Object array, int blockLength) {
        registry.check(array, wire);
        registry.add(array, new SharedObjectForBlock(array, registry.nextKey(), 2, blockLength, Distribution.BLOCK, wire));
    }

    /**
     * A row of a registered array of arrays registered again, or an array of arrays whose rows are
     * registered already, or an array held in a registered object's field registered as well: one
     * Java array would be two shared objects, whose copies on other nodes drift apart.
     */
    @Test
    void anArrayInsideAnotherRegisteredObjectIsRefusedNamingWhereItIs() {
        double[][] matrix = new double[4][8];
        register(matrix, 1);
        DsmException row = assertThrows(DsmException.class, () -> registry.check(matrix[2], wire));
        assertTrue(row.getMessage().contains("cannot register double[8]: it is element 2 of shared object #0"), row.getMessage());
        assertTrue(row.getMessage().contains("register either the whole or its parts, not both"), row.getMessage());

        long[][] rows = new long[3][5];
        register(rows[0], 5);
        register(rows[1], 5);
        DsmException whole = assertThrows(DsmException.class, () -> registry.check(rows, wire));
        assertTrue(whole.getMessage().contains("cannot register long[3]: its element 0 is registered already as shared object #1"),
                whole.getMessage());

        HoldsArray holder = new HoldsArray();
        registry.check(holder, wire);
        registry.add(holder, new SharedObjectOne(holder, registry.nextKey(), 2, wire));
        DsmException field = assertThrows(DsmException.class, () -> registry.check(holder.counts, wire));
        assertTrue(field.getMessage().contains("it is field HoldsArray.counts of shared object #3"), field.getMessage());
    }

    @Test
    void arraysThatShareNothingRegisterSideBySide() {
        register(new double[4][8], 1);
        register(new double[8], 4);
        register(new Object[] {"a", "a", 1, 1}, 2); // the same immutable value twice is no overlap
    }

    /** Kryo leaves out an inner class's reference to its enclosing object: on another node it was null. */
    @Test
    void anInnerClassIsRefusedSayingItsEnclosingObjectWouldNotTravel() {
        Outer.Inner inner = new Outer().new Inner();
        DsmException e = assertThrows(DsmException.class, () -> registry.check(inner, wire));
        assertTrue(e.getMessage().contains(Outer.Inner.class.getName() + " is an inner, local or anonymous class: its hidden"
                + " field this$0"), e.getMessage());
        assertTrue(e.getMessage().contains("make it a static nested class"), e.getMessage());
        HoldsValue holder = new HoldsValue();
        holder.value = inner;
        DsmException inField = assertThrows(DsmException.class, () -> registry.check(holder, wire));
        assertTrue(inField.getMessage().contains("field value: " + Outer.Inner.class.getName()), inField.getMessage());
    }

    @Test
    void theJobObjectIsRefused() {
        Spmd job = new Spmd() {
            @Override
            public void start() {
            }
        };
        DsmException e = assertThrows(DsmException.class, () -> registry.check(job, wire));
        assertTrue(e.getMessage().contains("cannot register the job object"), e.getMessage());
    }

    /**
     * {@code pool.acquire(cells[i])}, {@code pool.update(holder.counts)}: the error told the user to
     * register the element or field in init(), which would share one object twice.
     */
    @Test
    void anElementOrFieldOfARegisteredObjectIsNamedWhereItIs() {
        HoldsValue[] cells = {new HoldsValue(), new HoldsValue(), new HoldsValue()};
        registry.check(cells, wire);
        registry.add(cells, new SharedObjectForBlock(cells, registry.nextKey(), 2, 2, Distribution.BLOCK, wire));
        HoldsArray holder = new HoldsArray();
        registry.check(holder, wire);
        registry.add(holder, new SharedObjectOne(holder, registry.nextKey(), 2, wire));

        DsmException element = assertThrows(DsmException.class, () -> registry.require(cells[2]));
        assertTrue(element.getMessage().contains("is not a registered shared object: it is element 2 of shared object #0"),
                element.getMessage());
        assertTrue(element.getMessage().contains("acquire(array, 2)"), element.getMessage());
        DsmException field = assertThrows(DsmException.class, () -> registry.require(holder.counts));
        assertTrue(field.getMessage().contains("it is field HoldsArray.counts of shared object #1"), field.getMessage());
        DsmException other = assertThrows(DsmException.class, () -> registry.require(new HoldsValue()));
        assertTrue(other.getMessage().endsWith("is not a registered shared object (register it in init())"),
                other.getMessage());
    }

    /** A field referring back to the job: the error named a path inside the node's pool instead. */
    @Test
    void theJobObjectInAFieldIsRefusedNamingTheField() {
        HoldsValue holder = new HoldsValue();
        holder.value = new JobWithState();
        DsmException e = assertThrows(DsmException.class, () -> registry.check(holder, wire));
        assertTrue(e.getMessage().contains("field value: the job object (" + JobWithState.class.getName()
                + ") cannot be shared"), e.getMessage());
        assertTrue(e.getMessage().contains("mark the field transient"), e.getMessage());
    }

    /** A job whose state Kryo cannot copy, as a bound job's pool. */
    public static final class JobWithState extends Spmd {
        final Thread worker = new Thread(() -> { });

        @Override
        public void start() {
        }
    }

    /** Encloses an inner class. */
    static final class Outer {
        int scale = 3;

        /** Refers to its Outer through a field the compiler adds. */
        final class Inner {
            int times() {
                return 2 * scale;
            }
        }
    }

    /** A single shared object with a field of any type. */
    static final class HoldsValue {
        Object value;
    }

    /** A single shared object holding an array. */
    static final class HoldsArray {
        long[] counts = new long[4];
    }

    /** Kryo cannot serialize a Thread. */
    static final class HoldsThread {
        Thread worker = new Thread(() -> { });
    }
}

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

    /** Kryo cannot serialize a Thread. */
    static final class HoldsThread {
        Thread worker = new Thread(() -> { });
    }
}

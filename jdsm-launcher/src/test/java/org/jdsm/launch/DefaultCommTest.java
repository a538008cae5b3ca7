package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code jdsm run} picks when no {@code --comm} is given. */
class DefaultCommTest {

    @Test
    void ucxOverSharedMemoryWhereUcxCanRun() {
        DefaultComm choice = DefaultComm.choose(null);
        assertEquals("ucx", choice.comm());
        // As a node JVM option it overrides the UCX_TLS the node JVMs inherit, e.g. a cluster module's rc.
        assertEquals(List.of("-Djdsm.ucx.config.TLS=sm"), choice.jvmArgs());
        assertNull(choice.note(), "no line when UCX is used");
    }

    @Test
    void nettyWithOneLineSayingWhyWhereUcxCannotRun() {
        DefaultComm choice = DefaultComm.choose("UcxComm is unavailable: UCX is not installed (libucp.so.0:"
                + " cannot open shared object file). Install it: apt-get install libucx0. Or select another comm.");
        assertEquals("netty", choice.comm());
        assertEquals(List.of(), choice.jvmArgs());
        assertEquals("jdsm: running over --comm netty (TCP): UcxComm is unavailable: UCX is not installed (libucp.so.0:"
                + " cannot open shared object file). (--comm ucx says what to install; --comm netty skips this line)",
                choice.note());
        assertTrue(choice.note().lines().count() == 1);
    }
}

package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code jdsm run} picks when no {@code --comm} is given. */
class DefaultCommTest {

    @Test
    void ucxOverSharedMemoryWhereUcxCanRun() {
        DefaultComm choice = DefaultComm.choose(Map.of(), null);
        assertEquals("ucx", choice.comm());
        assertEquals(List.of("-Djdsm.ucx.config.TLS=sm"), choice.jvmArgs());
        assertNull(choice.note(), "no line when UCX is used");
    }

    @Test
    void userTransportsAreKept() {
        DefaultComm choice = DefaultComm.choose(Map.of("UCX_TLS", "tcp"), null);
        assertEquals("ucx", choice.comm());
        assertEquals(List.of(), choice.jvmArgs(), "UCX_TLS from the environment decides");
    }

    @Test
    void nettyWithOneLineSayingWhyWhereUcxCannotRun() {
        DefaultComm choice = DefaultComm.choose(Map.of(), "UcxComm is unavailable: UCX is not installed (libucp.so.0:"
                + " cannot open shared object file). Install it: apt-get install libucx0. Or select another comm.");
        assertEquals("netty", choice.comm());
        assertEquals(List.of(), choice.jvmArgs());
        assertEquals("jdsm: running over --comm netty (TCP): UcxComm is unavailable: UCX is not installed (libucp.so.0:"
                + " cannot open shared object file). (--comm ucx says what to install; --comm netty skips this line)",
                choice.note());
        assertTrue(choice.note().lines().count() == 1);
    }
}

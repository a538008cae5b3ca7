package org.jdsm.launch.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.launch.LaunchException;
import org.junit.jupiter.api.Test;

class PlacementTest {

    @Test
    void fillsHostsInOrderUpToTheirSlots() {
        assertEquals(List.of("a", "a", "b", "c"), Placement.ranks(List.of("# nodes", "a:2", "", "b  # one", "c:4"), 4));
    }

    @Test
    void tooFewSlotsIsAClearError() {
        LaunchException e = assertThrows(LaunchException.class, () -> Placement.ranks(List.of("a", "b"), 3));
        assertTrue(e.getMessage().startsWith("the hosts have 2 slot(s) in all, but the job needs 3"), e.getMessage());
    }

    /** An empty hostfile said "0 slot(s) in all ... (give a host more with host:slots)", as if a host were there. */
    @Test
    void noHostAtAllIsNamedAsSuch() {
        LaunchException e = assertThrows(LaunchException.class, () -> Placement.ranks(List.of("# none yet", ""), 1));
        assertEquals("no hosts to run on: the list names none (one 'host' or 'host:slots' a line)", e.getMessage());
    }

    @Test
    void badSlotsNameTheLine() {
        LaunchException e = assertThrows(LaunchException.class, () -> Placement.ranks(List.of("a:zero"), 1));
        assertTrue(e.getMessage().contains("'a:zero'"), e.getMessage());
    }

    @Test
    void aLineThatIsNoHostIsRefusedOnTheLaptop() {
        for (String line : List.of("this is garbage", "-oProxyCommand=touch /tmp/x", ":2", "node1 node2:2")) {
            LaunchException e = assertThrows(LaunchException.class, () -> Placement.ranks(List.of("a", line), 1), line);
            assertTrue(e.getMessage().equals("bad hostfile line '" + line + "': expected 'host' or 'host:slots' ([IPv6]:slots)"),
                    e.getMessage());
        }
    }

    @Test
    void ipv6AddressesAreHostsWithTheirSlotsInBrackets() {
        assertEquals(List.of("::1", "fd00::2", "fd00::2", "fd00::3"),
                Placement.ranks(List.of("::1", "[fd00::2]:2", "[fd00::3]"), 4));
        for (String line : List.of("[fd00::2", "[fd00::2]x", "[]:2")) {
            assertThrows(LaunchException.class, () -> Placement.ranks(List.of(line), 1), line);
        }
    }

    @Test
    void slurmHostListsExpandWithTheirPadding() {
        assertEquals(List.of("node08", "node09", "node10", "node12", "gpu1"), SlurmHosts.expand("node[08-10,12],gpu1"));
        assertEquals(List.of("a"), SlurmHosts.expand("a"));
        assertThrows(LaunchException.class, () -> SlurmHosts.expand("n[3-1]"));
    }
}

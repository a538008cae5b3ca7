package org.jdsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link RegistrationCheck}: a node that registered more or fewer objects is told which one is extra. */
class RegistrationCheckTest {

    @Test
    void sameRegistrationsAgree() {
        assertNull(RegistrationCheck.compare(new Object[] {List.of("long[8]"), List.of("long[8]")}));
    }

    @Test
    void anExtraObjectIsNamedWithTheNodeThatHasIt() {
        assertEquals("registrations differ between nodes: node 0 registered 1 shared objects, node 1 registered 2;"
                + " shared object #1 (int[10]) exists only on node 1 (register the same objects in the same order on"
                + " every node)", RegistrationCheck.compare(new Object[] {List.of("long[8]"), List.of("long[8]", "int[10]")}));
        assertEquals("registrations differ between nodes: node 0 registered 2 shared objects, node 2 registered 1;"
                + " shared object #1 (int[10]) exists only on node 0 (register the same objects in the same order on"
                + " every node)",
                RegistrationCheck.compare(new Object[] {List.of("long[8]", "int[10]"), List.of("long[8]", "int[10]"), List.of("long[8]")}));
    }
}

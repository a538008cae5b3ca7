package org.jdsm.instrument;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Instrumented code that keeps its elements of a shared {@code Object[]} in a list made once and
 * writes them through it in every step ({@code KeptElementsPlain}), a barrier after each.
 */
class KeptElementsTest {

    /** With {@code acquire}/{@code release} around each write the kept elements are the shared ones: nothing is lost. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writesThroughKeptElementsUnderAcquireAreKept(String protocol) {
        Jobs.runInstrumentedToOk("KeptElementsPlain", protocol, 2, 2, "explicit");
    }

    /**
     * Without them the writes through the kept elements after a barrier are checked through the
     * elements' slots (README, rules: an object whose load the method does not see).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void plainWritesThroughKeptElementsAreKept(String protocol) {
        Jobs.runInstrumentedToOk("KeptElementsPlain", protocol, 2, 2);
    }

    /**
     * Elements reached where the rewriter cannot see their load (a method reference's result, a
     * field of a private object, a JDK method's result, an element stored by this thread and
     * kept, a kept element's own method), written and read after a barrier: checked through
     * their slots.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writesThroughElementsFromUntracedPlacesAreKept(String protocol) {
        Jobs.runInstrumentedToOk("EscapedElementsPlain", protocol, 2, 2);
    }

    /**
     * References kept before a barrier to objects inside shared objects (a field or a list of an
     * element, two levels down, an array or list field of a single shared object), written after
     * each barrier by threads of both nodes: checked through the slot the holder's block gives them.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writesThroughKeptNestedObjectsAreKept(String protocol) {
        Jobs.runInstrumentedToOk("KeptNestedPlain", protocol, 2, 2);
    }
}

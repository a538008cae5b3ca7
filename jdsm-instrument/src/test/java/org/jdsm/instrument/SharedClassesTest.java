package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jdsm.instrument.programs.Counter;
import org.jdsm.runtime.SharedClasses;
import org.junit.jupiter.api.Test;

/** Registration makes a class known as possibly shared; checks skip objects of other classes. */
class SharedClassesTest {

    @Test
    void registeringAnObjectMakesItsClassChecked() {
        Jobs.runPlain("CounterExplicit", "lrc", 1, 1, "1");
        Results.take("CounterExplicit"); // leaves nothing behind for other tests
        assertTrue(SharedClasses.mayBeShared(new Counter()), "an object of a registered object's class");
        assertFalse(SharedClasses.mayBeShared(this), "an object of a class never registered");
        assertFalse(SharedClasses.mayBeShared(null), "null");
    }
}

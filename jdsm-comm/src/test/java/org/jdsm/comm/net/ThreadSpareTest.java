package org.jdsm.comm.net;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ThreadSpareTest {

    private final ThreadSpare<Object> spare = new ThreadSpare<>();

    @Test
    void aSparePutBackIsTakenAgainByTheSameThreadOnly() throws Exception {
        assertNull(spare.take(), "none yet");
        Object mine = new Object();
        spare.putBack(mine);
        assertNull(CompletableFuture.supplyAsync(spare::take).get(), "another thread has its own");
        assertSame(mine, spare.take());
        spare.putBack(mine);
        assertSame(mine, spare.take());
        spare.putBack(mine);
    }

    @Test
    void aTakeNestedInAnotherFindsNoSpareAndTheOuterOneIsKept() {
        Object outer = new Object();
        spare.putBack(outer);
        assertSame(outer, spare.take());
        assertNull(spare.take(), "the spare is taken: a nested use makes its own");
        Object inner = new Object();
        spare.putBack(inner);
        spare.putBack(outer);
        assertSame(outer, spare.take(), "the last one put back is the spare");
        spare.putBack(outer);
    }

    @Test
    void aDroppedTakeLeavesNoSpare() {
        spare.putBack(new Object());
        spare.take();
        spare.drop();
        assertNull(spare.take());
        spare.drop();
    }
}

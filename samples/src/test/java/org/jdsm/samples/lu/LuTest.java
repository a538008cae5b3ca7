package org.jdsm.samples.lu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.Drand48;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LuTest extends SampleContract {

    LuTest() {
        super(Lu.class, LuReference.NAME, List.of("128", "16"), LuPlain::run);
    }

    @Test
    @Timeout(60)
    void size512SolvesToAllOnes() {
        // The job fails unless every component of the solution is within 1e-5 of 1.
        assertEquals(LuPlain.run(1, List.of()), runJob("lrc", 2, 2, List.of()));
    }

    @Test
    @Timeout(10)
    void drand48MatchesTheCLibrary() {
        Drand48 r = new Drand48(1);
        // glibc: srand48(1); lrand48() x 3
        assertEquals(89400484L, r.lrand48());
        assertEquals(976015093L, r.lrand48());
        assertEquals(1792756325L, r.lrand48());
    }

    @Test
    @Timeout(10)
    void everyBlockIsHomedOnItsOwnersNode() {
        LuSize size = new LuSize(160, 16);
        int threadsPerNode = 2;
        LuLayout layout = new LuLayout(size, 6, threadsPerNode);
        int nodes = 3;
        for (int i = 0; i < size.blocks(); i++) {
            for (int j = 0; j < size.blocks(); j++) {
                int slot = layout.offset(i, j) / layout.blockArea();
                int home = (int) ((long) slot * nodes / (layout.length() / layout.blockArea())); // BLOCK rule
                assertEquals(layout.owner(i, j) / threadsPerNode, home, "block (" + i + "," + j + ")");
            }
        }
    }

    /**
     * On 2 nodes x 2 threads (a 2 x 2 grid) column K below the diagonal belongs to the threads of
     * node K % 2; the other node reads it whole: it must be one run of adjacent blocks, one prefetch.
     */
    @Test
    @Timeout(10)
    void aStepsColumnBlocksLieNextToEachOther() {
        LuSize size = new LuSize(160, 16);
        LuLayout layout = new LuLayout(size, 4, 2);
        for (int k = 0; k < size.blocks() - 1; k++) {
            for (int i = k + 2; i < size.blocks(); i++) {
                assertEquals(layout.offset(i - 1, k) + layout.blockArea(), layout.offset(i, k), "column " + k + ", block " + i);
            }
        }
    }
}

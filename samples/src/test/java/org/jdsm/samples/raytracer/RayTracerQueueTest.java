package org.jdsm.samples.raytracer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RayTracerQueueTest extends SampleContract {

    RayTracerQueueTest() {
        super(RayTracerQueue.class, RayTracerQueue.NAME, List.of("40"), RayTracerPlain::runQueued,
                args -> RayTracerReference.sequentialChecksum(RayTracerSize.parse(args, RayTracerQueue.USAGE)));
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedChecksumWithTheQueueContended() {
        // 3 nodes x 2 threads: every row is a lock taken from one of three nodes.
        assertEquals(2_676_692, runJob("lrc", 3, 2, List.of()));
    }
}

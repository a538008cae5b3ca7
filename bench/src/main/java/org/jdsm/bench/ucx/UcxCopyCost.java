package org.jdsm.bench.ucx;

import java.nio.ByteBuffer;
import java.util.List;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;

/**
 * The work UcxComm does per message that {@code ucx_perftest} does not, replayed in-process on one
 * thread for one message size: the sender's copy of the message into its native staging buffer (a
 * direct buffer stands in for the shim's staging memory: the same memcpy as GetByteArrayRegion).
 * The receiver makes no copy at these sizes (64 KiB and up): the benchmark, like Trans, is a
 * {@link org.jdsm.comm.DirectDispatcher} and reads the message in UCX's own memory. Timed in wall
 * time. The copy runs cache-warm here, so it is a lower bound for the real, colder one.
 */
final class UcxCopyCost {

    private UcxCopyCost() {
    }

    /** Median ns of the sender's copy of a message of {@code size} bytes into staging. */
    static double senderCopyNanos(int size, Plan plan) throws Exception {
        byte[] message = new byte[size];
        ByteBuffer staging = ByteBuffer.allocateDirect(Math.max(1, size));
        List<Sample> samples = new Sampler(plan).measure(List.of(Trial.wallTime(() -> staging.put(0, message))));
        return samples.get(0).median();
    }
}

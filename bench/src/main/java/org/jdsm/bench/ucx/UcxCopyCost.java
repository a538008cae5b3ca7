package org.jdsm.bench.ucx;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;

/**
 * The work UcxComm does per message that {@code ucx_perftest} does not, replayed in-process on one
 * thread for one message size: the sender's copy of the Java array into its native staging buffer,
 * and the receiver's copy of its staging buffer into the reused buffer it lends to the benchmark's
 * {@link org.jdsm.comm.BufferDispatcher} (a direct buffer stands in for the shim's staging memory:
 * the same memcpy as GetByteArrayRegion/SetByteArrayRegion). Timed in wall time. The copies run
 * cache-warm here, so they are a lower bound for the real, colder ones.
 */
final class UcxCopyCost {

    static final String[] STEPS = {"sender copy in", "receiver copy out"};

    private UcxCopyCost() {
    }

    /** Step name -> median ns per message of {@code size} bytes. */
    static Map<String, Double> measure(int size, Plan plan) throws Exception {
        byte[] message = new byte[size];
        byte[] received = new byte[size];
        ByteBuffer staging = ByteBuffer.allocateDirect(Math.max(1, size));
        List<Trial> trials = new ArrayList<>();
        trials.add(Trial.wallTime(() -> staging.put(0, message)));
        trials.add(Trial.wallTime(() -> staging.get(0, received)));
        List<Sample> samples = new Sampler(plan).measure(trials);
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < STEPS.length; i++) {
            out.put(STEPS[i], samples.get(i).median());
        }
        return out;
    }
}

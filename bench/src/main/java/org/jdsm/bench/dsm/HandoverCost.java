package org.jdsm.bench.dsm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.Blackhole;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;
import org.jdsm.comm.MessageWriter;
import org.jdsm.content.ArrayDiff;
import org.jdsm.content.ElementKind;
import org.jdsm.wire.ArrayRange;
import org.jdsm.wire.WireFormat;

/**
 * Where the CPU time of a DSM ping-pong handover goes, outside the network: an in-process replay,
 * on one thread, timed in thread CPU time, of the data-path steps LazyRelease performs per round of {@link PingPongJob} (one
 * block of {@code size} bytes, home node 0, every element written):
 * <ul>
 *   <li>node 0 hands over: Kryo {@code encode} of the grant's block, read in place from the array
 *       ({@code ArrayRange}, no snapshot);</li>
 *   <li>node 1 acquires: Kryo {@code decode}, {@code install} into the user's array (the decoded
 *       block then serves as the twin: no copy);</li>
 *   <li>node 1 hands back: {@code diff} against the twin (all elements changed: one run, whose
 *       values the encoder reads in place), Kryo {@code encode} / {@code decode} of the diff,
 *       {@code apply} at the home.</li>
 * </ul>
 * As in LazyRelease, each decode fills the array the previous round gave back to the wire format
 * (the spent twin, the applied diff's values; see {@code WireFormat.recycle}) instead of a new one.
 * Encoding is timed as Trans does it: large arrays are left in place, for the Comm to copy straight
 * into its send memory. The Comm's own copies (into direct buffers, out of socket buffers) are not
 * included: the raw NettyComm ping-pong has them too.
 */
final class HandoverCost {

    static final String[] STEPS = {"encode block", "decode block", "install", "diff", "encode diff", "decode diff",
        "apply diff"};

    /** Takes an encoded message as a Comm would, without the Comm's own copy: only its length is used. */
    private static final WireFormat.EncodedSink LENGTH_ONLY = new WireFormat.EncodedSink() {
        @Override
        public void take(byte[] buffer, int length) {
            Blackhole.consume(length);
        }

        @Override
        public void take(MessageWriter message) {
            Blackhole.consume(message.length());
        }
    };

    private HandoverCost() {
    }

    /** Step name -> median ns per operation, for one size. */
    static Map<String, Double> measure(int size, Plan plan) throws Exception {
        int n = size / Double.BYTES;
        WireFormat wire = new WireFormat(List.of(ArrayDiff.class));
        ElementKind kind = ElementKind.DOUBLE;
        double[] user = new double[n];
        double[] home = new double[n];
        for (int i = 0; i < n; i++) {
            user[i] = i;
            home[i] = i + 1;
        }
        ArrayRange block = ArrayRange.of(home, 0, n);
        byte[] blockBytes = wire.encode(block);
        double[] twin = (double[]) kind.copyRange(user, 0, n);
        ArrayDiff diff = ArrayDiff.between(kind, home, 0, twin, n);
        if (diff == null || diff.changedElements() != n) {
            throw new IllegalStateException("expected a diff of all " + n + " elements");
        }
        byte[] diffBytes = wire.encode(diff);
        List<Trial> trials = new ArrayList<>();
        double[] decoded = (double[]) wire.decode(blockBytes);
        trials.add(Trial.threadCpu(() -> wire.encode(out -> { }, block, LENGTH_ONLY)));
        trials.add(Trial.threadCpu(() -> {
            double[] copy = (double[]) wire.decode(blockBytes);
            Blackhole.consume(copy);
            wire.recycle(copy);
        }));
        trials.add(Trial.threadCpu(() -> {
            System.arraycopy(decoded, 0, user, 0, n);
            Blackhole.consume(user);
        }));
        trials.add(Trial.threadCpu(() -> Blackhole.consume(ArrayDiff.between(kind, home, 0, twin, n).changedElements())));
        trials.add(Trial.threadCpu(() -> wire.encode(out -> { }, diff, LENGTH_ONLY)));
        trials.add(Trial.threadCpu(() -> {
            ArrayDiff received = (ArrayDiff) wire.decode(diffBytes);
            Blackhole.consume(received.changedElements());
            received.recycleValues(wire);
        }));
        trials.add(Trial.threadCpu(() -> {
            diff.applyTo(user, 0);
            Blackhole.consume(user);
        }));
        List<Sample> samples = new Sampler(plan).measure(trials);
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < STEPS.length; i++) {
            out.put(STEPS[i], samples.get(i).median());
        }
        return out;
    }
}

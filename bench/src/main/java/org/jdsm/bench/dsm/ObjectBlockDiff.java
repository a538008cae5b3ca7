package org.jdsm.bench.dsm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchMain;
import org.jdsm.bench.harness.Blackhole;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.SvgChart;
import org.jdsm.bench.report.TableFormatter;
import org.jdsm.bench.report.Units;
import org.jdsm.content.ArrayDiff;
import org.jdsm.content.ElementKind;
import org.jdsm.content.SameContent;
import org.jdsm.wire.WireFormat;

/**
 * What a release costs per element of an {@code Object[]} block under LRC: the diff against the twin
 * (every element compared by content, the changed ones carried as their changed fields) and its
 * encoded size, for a block of particles (six {@code double} fields) with every field, one field or
 * nothing written, side by side in one run with the floor, the same numbers in a {@code double[]}
 * block six times as long, and with the element comparison by encodings that object blocks used
 * before (Kryo encodings of copies of both, compared byte by byte; measured on unchanged elements,
 * where a diff compares and carries nothing).
 */
public final class ObjectBlockDiff {

    static final String NAME = "ObjectBlockDiff";
    private static final String SUMMARY = "Object[] block diff per element (LRC release): fields vs double[] floor vs encodings.";
    private static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--elements", "LIST", "particles per block (default 1000,10000)"),
            new BenchArgs.Option("--reps", "N", "measured repetitions per series (default 11, quick 5)"));
    static final String FLOOR = "double[]";
    private static final String[] WRITES = {"every field", "one field", "nothing"};

    /** An element: a particle's position and velocity. */
    public static final class Particle {
        double x;
        double y;
        double z;
        double vx;
        double vy;
        double vz;
    }

    private ObjectBlockDiff() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 3 : 8), ObjectBlockDiff::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        int reps = Integer.parseInt(args.value("--reps", args.quick() ? "5" : "11"));
        Plan plan = args.quick() ? Plan.of(200, 600, reps, 1_000, 100) : Plan.of(500, 1500, reps, 1_000, 200);
        List<Integer> sizes = args.list("--elements", List.of("1000", "10000")).stream().map(Integer::parseInt).toList();
        report.println("method    : one op = the diff LRC makes of one block at a release (ArrayDiff.ofObjects of a copy of the"
                + " slots, as SharedObjectForBlock.diff; ArrayDiff.between for double[]), written once before (a diff changes"
                + " neither block nor twin), ns per element in this thread's CPU time;");
        report.println("            " + reps + " repetitions, series interleaved, median reported; " + Sampler.describeWarmUp(plan));
        WireFormat wire = new WireFormat();
        Dataset time = new Dataset("Diff of a block per element, median", "elements written", "ns per element");
        Dataset bytes = new Dataset("Encoded diff per element", "elements written", "bytes per element");
        for (int n : sizes) {
            List<String> names = new ArrayList<>();
            List<Trial> trials = new ArrayList<>();
            for (String writes : WRITES) {
                Block objects = Block.objects(n, wire, writes);
                Block floor = Block.doubles(n, wire, writes);
                names.add("Object[] " + writes + " @" + n);
                trials.add(perElement(objects, n));
                names.add(FLOOR + " " + writes + " @" + n);
                trials.add(perElement(floor, n));
                bytes.add("Object[] " + writes, n, objects.encodedDiffBytes() / (double) n);
                bytes.add(FLOOR + " " + writes, n, floor.encodedDiffBytes() / (double) n);
            }
            Object[] unchanged = Block.particles(n);
            Object[] copies = wire.copy(unchanged);
            names.add("encodings @" + n);
            trials.add(Trial.threadCpu(() -> compareByEncodings(wire, unchanged, copies)));
            List<Sample> samples = new Sampler(plan).measure(trials);
            for (int i = 0; i < trials.size(); i++) {
                String series = names.get(i).substring(0, names.get(i).indexOf(" @"));
                double perElement = samples.get(i).median() / (series.startsWith("encodings") ? n : 1);
                time.add(series.startsWith("encodings") ? "Object[] nothing, by encodings" : series, n, perElement);
            }
            System.err.println("  " + Units.count(n) + " elements done");
        }
        TableFormatter format = new TableFormatter(Units::count, Units::number);
        report.println();
        report.table(time, format);
        report.save("diff-time", time, new SvgChart().logY(true).xTicksAtData(true).xFormat(Units::count));
        report.println();
        report.table(bytes, format);
        report.saveCsv("diff-bytes", bytes);
        report.println();
        for (String writes : WRITES) {
            for (double n : time.xs()) {
                double objects = time.value("Object[] " + writes, n).orElse(Double.NaN);
                double floor = time.value(FLOOR + " " + writes, n).orElse(Double.NaN);
                report.println(String.format("  Object[] / double[] floor, %-11s @%6s elements: %6s", writes, Units.count(n),
                        Units.ratio(objects / floor)));
            }
        }
        for (double n : time.xs()) {
            double encodings = time.value("Object[] nothing, by encodings", n).orElse(Double.NaN);
            double fields = time.value("Object[] nothing", n).orElse(Double.NaN);
            report.println(String.format("  unchanged element by encodings / by fields @%6s elements: %6s", Units.count(n),
                    Units.ratio(encodings / fields)));
        }
    }

    /** A trial whose value is ns per element of one diff of {@code block}. */
    private static Trial perElement(Block block, int n) {
        Trial diffs = Trial.threadCpu(block::diff);
        return budget -> diffs.run(budget) / n;
    }

    /** The comparison of every element of a block by encodings of copies, as object blocks did before. */
    private static void compareByEncodings(WireFormat wire, Object[] a, Object[] b) {
        int same = 0;
        for (int i = 0; i < a.length; i++) {
            same += Arrays.equals(wire.contentBytes(wire.copy(a[i])), wire.contentBytes(wire.copy(b[i]))) ? 1 : 0;
        }
        Blackhole.consume(same);
    }

    /** One block, written since its twin (a deep copy) was taken, and the diff LRC makes of it at a release. */
    private record Block(Supplier<Object> diffs, WireFormat wire) {

        static Block objects(int n, WireFormat wire, String writes) {
            Object[] particles = particles(n);
            Object[] twin = wire.copy(particles);
            Consumer<Particle> write = switch (writes) {
                case "every field" -> p -> {
                    p.x += 1; p.y += 1; p.z += 1; p.vx += 1; p.vy += 1; p.vz += 1;
                };
                case "one field" -> p -> p.x += 1;
                default -> p -> { };
            };
            for (Object p : particles) {
                write.accept((Particle) p);
            }
            SameContent same = new SameContent(wire);
            // as SharedObjectForBlock.diff: a copy of the block's slots, compared with the twin
            return new Block(() -> ArrayDiff.ofObjects(particles.clone(), twin, n, same), wire);
        }

        static Block doubles(int n, WireFormat wire, String writes) {
            double[] values = new double[6 * n];
            double[] twin = values.clone();
            int stride = writes.equals("every field") ? 1 : 6;
            for (int i = 0; !writes.equals("nothing") && i < values.length; i += stride) {
                values[i] += 1;
            }
            return new Block(() -> ArrayDiff.between(ElementKind.DOUBLE, values, 0, twin, values.length), wire);
        }

        static Object[] particles(int n) {
            Object[] particles = new Object[n];
            for (int i = 0; i < n; i++) {
                Particle p = new Particle();
                p.x = i;
                p.vx = 1.0 / (i + 1);
                particles[i] = p;
            }
            return particles;
        }

        void diff() {
            Blackhole.consume(diffs.get());
        }

        int encodedDiffBytes() {
            Object diff = diffs.get();
            return diff == null ? 0 : wire.encode(diff).length;
        }
    }
}

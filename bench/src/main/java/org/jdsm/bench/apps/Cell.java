package org.jdsm.bench.apps;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Stats;

/** The repetitions of one application in one configuration. */
final class Cell {

    final AppSpec app;
    final Setup setup;
    private final List<RunResult> runs = new ArrayList<>();

    Cell(AppSpec app, Setup setup) {
        this.app = app;
        this.setup = setup;
    }

    void add(RunResult r) {
        runs.add(r);
    }

    List<RunResult> runs() {
        return List.copyOf(runs);
    }

    List<RunResult> passed() {
        return runs.stream().filter(RunResult::ok).toList();
    }

    int failures() {
        return runs.size() - passed().size();
    }

    /** The kernel times of the passed runs as a {@link Sample}, or null if none passed. */
    Sample kernel() {
        List<RunResult> ok = passed();
        return ok.isEmpty() ? null : new Sample(ok.stream().mapToDouble(RunResult::kernelMillis).toArray());
    }

    /** Median kernel time in ms (NaN if no run passed). */
    double median() {
        Sample s = kernel();
        return s == null ? Double.NaN : s.median();
    }

    double fastest() {
        Sample s = kernel();
        return s == null ? Double.NaN : s.min();
    }

    /** Median over the passed runs of counter {@code name} averaged over nodes (NaN without statistics). */
    double perNode(String name) {
        return medianOf(passed().stream().mapToDouble(r -> r.perNode(name)).toArray());
    }

    /** Median over the passed runs of counter {@code name} summed over nodes (NaN without statistics). */
    double total(String name) {
        return medianOf(passed().stream().filter(r -> !r.stats().isEmpty()).mapToDouble(r -> r.total(name)).toArray());
    }

    /** Median over the passed runs of thread group {@code group}'s CPU ms per JVM ({@link CpuProfile}). */
    double cpu(String group) {
        return medianOf(passed().stream().mapToDouble(r -> r.cpuPerJvm(group)).toArray());
    }

    /** Median over the passed runs of {@link RunResult#kernelCpu()}. */
    double kernelCpu() {
        return medianOf(passed().stream().mapToDouble(RunResult::kernelCpu).toArray());
    }

    /** Median over the passed runs of the comm threads' CPU ms, all JVMs (JDSM: Trans + Netty; Hazelcast: hz.*). */
    double commCpu() {
        return medianOf(passed().stream().mapToDouble(r -> setup.kind == Setup.Kind.HAZELCAST ? r.cpuTotal("hz")
                : r.cpuTotal("trans", "netty")).toArray());
    }

    /** The checksum of the first passed run (NaN if none). */
    double checksum() {
        List<RunResult> ok = passed();
        return ok.isEmpty() ? Double.NaN : ok.get(0).checksum();
    }

    /** Whether the passed runs disagree among themselves on the checksum (bit for bit). */
    boolean checksumsVary() {
        return passed().stream().mapToLong(r -> Double.doubleToLongBits(r.checksum())).distinct().count() > 1;
    }

    private static double medianOf(double[] v) {
        double[] finite = java.util.Arrays.stream(v).filter(Double::isFinite).toArray();
        return finite.length == 0 ? Double.NaN : Stats.median(finite);
    }
}

package org.jdsm.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * One metric measured for several series over an x axis: rows of (series, x, value). Every report
 * writer ({@link TableFormatter}, {@link CsvWriter}, {@link SvgChart}) consumes this. Series keep
 * the order in which they were first added; x values are sorted ascending.
 */
public final class Dataset {

    /** One measured point. */
    public record Row(String series, double x, double value) {
        public Row {
            Objects.requireNonNull(series, "series");
        }
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Row> rows = new ArrayList<>();

    /**
     * @param title  what the numbers are, e.g. "one-way latency"
     * @param xLabel the x column/axis name with its unit, e.g. "message size"
     * @param yLabel the value column/axis name with its unit, e.g. "latency (µs)"
     */
    public Dataset(String title, String xLabel, String yLabel) {
        this.title = Objects.requireNonNull(title, "title");
        this.xLabel = Objects.requireNonNull(xLabel, "xLabel");
        this.yLabel = Objects.requireNonNull(yLabel, "yLabel");
    }

    public String title() {
        return title;
    }

    public String xLabel() {
        return xLabel;
    }

    public String yLabel() {
        return yLabel;
    }

    /** Adds a point; returns this for chaining. */
    public Dataset add(String series, double x, double value) {
        rows.add(new Row(series, x, value));
        return this;
    }

    public List<Row> rows() {
        return List.copyOf(rows);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Series names in first-added order. */
    public List<String> series() {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        rows.forEach(r -> names.add(r.series()));
        return List.copyOf(names);
    }

    /** Distinct x values, ascending. */
    public double[] xs() {
        TreeSet<Double> xs = new TreeSet<>();
        rows.forEach(r -> xs.add(r.x()));
        return xs.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The value of {@code series} at {@code x} (the last one added if there are several). */
    public OptionalDouble value(String series, double x) {
        OptionalDouble found = OptionalDouble.empty();
        for (Row r : rows) {
            if (r.series().equals(series) && Double.compare(r.x(), x) == 0) {
                found = OptionalDouble.of(r.value());
            }
        }
        return found;
    }

    /** The points of one series, ascending in x. */
    public List<Row> points(String series) {
        List<Row> out = new ArrayList<>();
        for (double x : xs()) {
            value(series, x).ifPresent(v -> out.add(new Row(series, x, v)));
        }
        return out;
    }

    /**
     * Each other series divided by {@code baseline} at the same x (points where either is
     * missing or the baseline is zero are left out). Series are named "{@code s}/{@code baseline}".
     */
    public Dataset ratioTo(String baseline) {
        Dataset out = new Dataset(title + " relative to " + baseline, xLabel, "ratio to " + baseline);
        for (String s : series()) {
            if (s.equals(baseline)) {
                continue;
            }
            for (double x : xs()) {
                OptionalDouble v = value(s, x);
                OptionalDouble b = value(baseline, x);
                if (v.isPresent() && b.isPresent() && b.getAsDouble() != 0) {
                    out.add(s + "/" + baseline, x, v.getAsDouble() / b.getAsDouble());
                }
            }
        }
        return out;
    }
}

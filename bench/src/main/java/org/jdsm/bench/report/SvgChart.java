package org.jdsm.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A hand-written SVG line chart of a {@link Dataset}: one line with markers per series, optional
 * logarithmic x and y axes, axis labels, grid, legend, and optional dashed reference lines (e.g. a
 * target ratio). Configure with the fluent setters, then {@link #render} or {@link #write}.
 * Points that a log axis cannot show (zero or negative) are left out.
 */
public final class SvgChart {

    private static final String[] COLORS = {
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
    private static final int LEFT = 80;
    private static final int TOP = 50;
    private static final int BOTTOM = 62;
    private static final double CHAR_WIDTH = 7.2;
    private static final String[] DASHES = {"7,4", "2,3", "12,3,2,3", "4,4"};

    private record Reference(double y, String label) {
    }

    private int width = 900;
    private int height = 520;
    private boolean logX;
    private boolean logY;
    private boolean xTicksAtData;
    private DoubleFunction<String> xFormat = Units::compact;
    private DoubleFunction<String> yFormat = Units::compact;
    private final List<Reference> references = new ArrayList<>();

    public SvgChart size(int w, int h) {
        width = w;
        height = h;
        return this;
    }

    public SvgChart logX(boolean on) {
        logX = on;
        return this;
    }

    public SvgChart logY(boolean on) {
        logY = on;
        return this;
    }

    /** Puts x ticks at the data's x values (e.g. the message sizes) instead of round numbers. */
    public SvgChart xTicksAtData(boolean on) {
        xTicksAtData = on;
        return this;
    }

    public SvgChart xFormat(DoubleFunction<String> f) {
        xFormat = f;
        return this;
    }

    public SvgChart yFormat(DoubleFunction<String> f) {
        yFormat = f;
        return this;
    }

    /** Adds a dashed horizontal line at {@code y}, named in the legend (the y range includes it). */
    public SvgChart reference(double y, String label) {
        references.add(new Reference(y, label));
        return this;
    }

    /** Writes the chart to {@code file}, creating parent directories. */
    public void write(Path file, Dataset data) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, render(data), StandardCharsets.UTF_8);
    }

    /** The SVG document. */
    public String render(Dataset data) {
        List<String> series = data.series();
        List<List<Dataset.Row>> lines = new ArrayList<>();
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (String s : series) {
            List<Dataset.Row> pts = new ArrayList<>();
            for (Dataset.Row r : data.points(s)) {
                if ((!logX || r.x() > 0) && (!logY || r.value() > 0) && Double.isFinite(r.value())) {
                    pts.add(r);
                    xs.add(r.x());
                    ys.add(r.value());
                }
            }
            lines.add(pts);
        }
        for (Reference ref : references) {
            if (!logY || ref.y() > 0) {
                ys.add(ref.y());
            }
        }
        Svg svg = new Svg(width, height);
        svg.text(width / 2.0, 28, data.title(), "middle", "font-size:16px;font-weight:bold");
        if (xs.isEmpty()) {
            svg.text(width / 2.0, height / 2.0, "no data", "middle", "");
            return svg.finish();
        }
        List<String> legend = new ArrayList<>(series);
        references.forEach(r -> legend.add(r.label()));
        int legendWidth = legendWidth(legend);
        Frame f = new Frame(LEFT, TOP, width - legendWidth - 30 - LEFT, height - BOTTOM - TOP,
                Axis.covering(unbox(xs), logX, xTicksAtData), Axis.covering(unbox(ys), logY, false));
        drawAxes(svg, f, data);
        for (int i = 0; i < references.size(); i++) {
            Reference ref = references.get(i);
            if (!logY || ref.y() > 0) {
                double y = f.py(ref.y());
                svg.line(f.x(), y, f.x() + f.w(), y, referenceStyle(i));
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            drawSeries(svg, f, lines.get(i), i);
        }
        drawLegend(svg, f.x() + f.w() + 20, f.y(), series);
        return svg.finish();
    }

    /** The plot area in pixels plus its two axes. */
    private record Frame(double x, double y, double w, double h, Axis ax, Axis ay) {
        double px(double v) {
            return x + ax.fraction(v) * w;
        }

        double py(double v) {
            return y + h - ay.fraction(v) * h;
        }
    }

    private void drawAxes(Svg svg, Frame f, Dataset data) {
        svg.rect(f.x(), f.y(), f.w(), f.h(), "fill:none;stroke:#333;stroke-width:1");
        for (double t : f.ax().ticks()) {
            double x = f.px(t);
            svg.line(x, f.y(), x, f.y() + f.h(), "stroke:#e3e3e3;stroke-width:1");
            svg.line(x, f.y() + f.h(), x, f.y() + f.h() + 5, "stroke:#333");
            svg.text(x, f.y() + f.h() + 19, xFormat.apply(t), "middle", "font-size:12px");
        }
        for (double t : f.ay().ticks()) {
            double y = f.py(t);
            svg.line(f.x(), y, f.x() + f.w(), y, "stroke:#e3e3e3;stroke-width:1");
            svg.line(f.x() - 5, y, f.x(), y, "stroke:#333");
            svg.text(f.x() - 8, y + 4, yFormat.apply(t), "end", "font-size:12px");
        }
        String xl = data.xLabel() + (logX ? " (log scale)" : "");
        String yl = data.yLabel() + (logY ? " (log scale)" : "");
        svg.text(f.x() + f.w() / 2, height - 18, xl, "middle", "font-size:13px");
        double cy = f.y() + f.h() / 2;
        svg.raw(String.format(Locale.ROOT,
                "<text x=\"20\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 20 %.1f)\" style=\"font-size:13px\">%s</text>",
                cy, cy, Svg.escape(yl)));
    }

    private static void drawSeries(Svg svg, Frame f, List<Dataset.Row> pts, int index) {
        String color = COLORS[index % COLORS.length];
        StringBuilder path = new StringBuilder();
        for (Dataset.Row r : pts) {
            path.append(String.format(Locale.ROOT, "%.1f,%.1f ", f.px(r.x()), f.py(r.value())));
        }
        svg.raw("<polyline fill=\"none\" stroke=\"" + color + "\" stroke-width=\"2\" points=\"" + path.toString().trim() + "\"/>");
        for (Dataset.Row r : pts) {
            svg.marker(f.px(r.x()), f.py(r.value()), index, color);
        }
    }

    /** Series (colored line and marker) then reference lines (dashed), one entry per row. */
    private void drawLegend(Svg svg, double x, double y, List<String> series) {
        for (int i = 0; i < series.size(); i++) {
            double ly = y + 10 + i * 22;
            String color = COLORS[i % COLORS.length];
            svg.line(x, ly, x + 28, ly, "stroke:" + color + ";stroke-width:2");
            svg.marker(x + 14, ly, i, color);
            svg.text(x + 36, ly + 4, series.get(i), "start", "font-size:12px");
        }
        for (int i = 0; i < references.size(); i++) {
            double ly = y + 18 + (series.size() + i) * 22;
            svg.line(x, ly, x + 28, ly, referenceStyle(i));
            svg.text(x + 36, ly + 4, references.get(i).label(), "start", "font-size:12px");
        }
    }

    private static String referenceStyle(int index) {
        return "stroke:#444;stroke-width:1.3;stroke-dasharray:" + DASHES[index % DASHES.length];
    }

    private static int legendWidth(List<String> series) {
        int longest = 0;
        for (String s : series) {
            longest = Math.max(longest, s.length());
        }
        return (int) (40 + longest * CHAR_WIDTH);
    }

    private static double[] unbox(List<Double> list) {
        return list.stream().mapToDouble(Double::doubleValue).toArray();
    }
}

package org.jdsm.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;

/**
 * Renders a {@link Dataset} as an aligned text table: one row per x, one column per series,
 * missing points shown as "-".
 */
public final class TableFormatter {

    private final DoubleFunction<String> xFormat;
    private final DoubleFunction<String> valueFormat;

    /** Formats x with {@code xFormat} and cells with {@code valueFormat}. */
    public TableFormatter(DoubleFunction<String> xFormat, DoubleFunction<String> valueFormat) {
        this.xFormat = xFormat;
        this.valueFormat = valueFormat;
    }

    /** The table with a title line, header, rule and rows, each line ending in a newline. */
    public String format(Dataset data) {
        List<String> series = data.series();
        List<String[]> lines = new ArrayList<>();
        String[] header = new String[series.size() + 1];
        header[0] = data.xLabel();
        for (int i = 0; i < series.size(); i++) {
            header[i + 1] = series.get(i);
        }
        lines.add(header);
        for (double x : data.xs()) {
            String[] line = new String[series.size() + 1];
            line[0] = xFormat.apply(x);
            for (int i = 0; i < series.size(); i++) {
                OptionalDouble v = data.value(series.get(i), x);
                line[i + 1] = v.isPresent() ? valueFormat.apply(v.getAsDouble()) : "-";
            }
            lines.add(line);
        }
        int[] width = new int[header.length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                width[i] = Math.max(width[i], line[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(data.title()).append(" — ").append(data.yLabel()).append('\n');
        for (int l = 0; l < lines.size(); l++) {
            String[] line = lines.get(l);
            for (int i = 0; i < line.length; i++) {
                if (i > 0) {
                    sb.append("  ");
                }
                String pad = " ".repeat(width[i] - line[i].length());
                sb.append(i == 0 ? line[i] + pad : pad + line[i]);
            }
            sb.append('\n');
            if (l == 0) {
                int total = 0;
                for (int w : width) {
                    total += w;
                }
                sb.append("-".repeat(total + 2 * (width.length - 1))).append('\n');
            }
        }
        return sb.toString();
    }
}

package org.jdsm.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a {@link Dataset} as CSV in long form, one line per point: {@code series,x,value} under a
 * header that names the x and value columns. Numbers are written in full precision.
 */
public final class CsvWriter {

    private CsvWriter() {
    }

    /** The CSV text. */
    public static String toCsv(Dataset data) {
        StringBuilder sb = new StringBuilder();
        sb.append("series,").append(quote(data.xLabel())).append(',').append(quote(data.yLabel())).append('\n');
        for (Dataset.Row r : data.rows()) {
            sb.append(quote(r.series())).append(',')
              .append(number(r.x())).append(',')
              .append(number(r.value())).append('\n');
        }
        return sb.toString();
    }

    /** Writes the CSV to {@code file}, creating parent directories. */
    public static void write(Path file, Dataset data) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, toCsv(data), StandardCharsets.UTF_8);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}

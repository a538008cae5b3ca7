package org.jdsm.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The output of one benchmark run: lines and tables go to stdout and are kept for
 * {@code summary.txt}; datasets are written as CSV and SVG next to it. The default directory is
 * {@code bench-results/<bench-name>/} under the current directory.
 */
public final class Report implements AutoCloseable {

    private final Path dir;
    private final StringBuilder transcript = new StringBuilder();

    private Report(Path dir) {
        this.dir = dir;
    }

    /** Opens (creating) {@code dir}. */
    public static Report open(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
        return new Report(dir);
    }

    /** The default directory of {@code benchName}: {@code bench-results/<benchName>/}. */
    public static Path defaultDir(String benchName) {
        return Path.of("bench-results", benchName);
    }

    public Path dir() {
        return dir;
    }

    /** Prints a line to stdout and to the transcript. */
    public void println(String line) {
        System.out.println(line);
        transcript.append(line).append('\n');
    }

    public void println() {
        println("");
    }

    /** Prints {@code data} as an aligned table. */
    public void table(Dataset data, TableFormatter format) {
        String text = format.format(data);
        System.out.print(text);
        System.out.flush();
        transcript.append(text);
    }

    /** Writes {@code stem}.csv and {@code stem}.svg for {@code data} and prints where they went. */
    public void save(String stem, Dataset data, SvgChart chart) {
        Path csv = dir.resolve(stem + ".csv");
        Path svg = dir.resolve(stem + ".svg");
        try {
            CsvWriter.write(csv, data);
            chart.write(svg, data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir, e);
        }
        println("  wrote " + csv + " and " + svg.getFileName());
    }

    /** Writes only {@code stem}.csv (e.g. raw repetitions) and prints where it went. */
    public void saveCsv(String stem, Dataset data) {
        Path csv = dir.resolve(stem + ".csv");
        try {
            CsvWriter.write(csv, data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir, e);
        }
        println("  wrote " + csv);
    }

    /** Writes {@code summary.txt} (everything printed through this report). */
    @Override
    public void close() {
        Path file = dir.resolve("summary.txt");
        try {
            Files.writeString(file, transcript, StandardCharsets.UTF_8);
            System.out.println("summary: " + file);
        } catch (IOException e) {
            System.err.println("cannot write " + file + ": " + e);
        }
    }
}

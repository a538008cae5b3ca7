package org.jdsm.bench.report;

import java.util.Locale;

/** Formatting helpers for table cells and axis labels. */
public final class Units {

    private static final String[] BINARY = {"B", "KiB", "MiB", "GiB", "TiB"};

    private Units() {
    }

    /** Bytes with binary prefixes, dropping ".0": 1 B, 64 B, 1 KiB, 1.5 MiB. */
    public static String bytes(double bytes) {
        double v = bytes;
        int unit = 0;
        while (Math.abs(v) >= 1024 && unit < BINARY.length - 1) {
            v /= 1024;
            unit++;
        }
        return trim(v) + " " + BINARY[unit];
    }

    /** A count with k/M suffixes: 25k, 250k, 1.5M. */
    public static String count(double n) {
        if (Math.abs(n) >= 1e6) {
            return trim(n / 1e6) + "M";
        }
        if (Math.abs(n) >= 1e3) {
            return trim(n / 1e3) + "k";
        }
        return trim(n);
    }

    /** About three significant digits, no exponent for the usual range: 0.0123, 1.23, 123, 12345. */
    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return String.valueOf(v);
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (a >= 0.001) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        return String.format(Locale.ROOT, "%.2e", v);
    }

    /** A ratio as "1.23x". */
    public static String ratio(double v) {
        return String.format(Locale.ROOT, "%.2fx", v);
    }

    /** A short axis label: 1, 10, 100, 1k, 10k, 0.1, 0.01, 2.5. */
    public static String compact(double v) {
        double a = Math.abs(v);
        if (a >= 1e3 && a < 1e15) {
            return count(v);
        }
        if (a == 0 || a >= 0.01) {
            return trim(v);
        }
        return String.format(Locale.ROOT, "%.0e", v);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.2f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}

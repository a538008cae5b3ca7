package org.jdsm.bench.report;

import java.util.Locale;

/** Minimal SVG document builder used by {@link SvgChart}. */
final class Svg {

    private final StringBuilder sb = new StringBuilder();

    Svg(int width, int height) {
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
                width, height, width, height));
        sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height));
    }

    void raw(String element) {
        sb.append(element).append('\n');
    }

    void line(double x1, double y1, double x2, double y2, String style) {
        raw(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" style=\"%s\"/>",
                x1, y1, x2, y2, style));
    }

    void rect(double x, double y, double w, double h, String style) {
        raw(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" style=\"%s\"/>",
                x, y, w, h, style));
    }

    void text(double x, double y, String text, String anchor, String style) {
        raw(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" style=\"%s\">%s</text>",
                x, y, anchor, style, escape(text)));
    }

    /** A marker whose shape depends on the series index (circle, square, diamond, triangle). */
    void marker(double x, double y, int index, String color) {
        String fill = "fill:" + color + ";stroke:white;stroke-width:1";
        switch (index % 4) {
            case 0 -> raw(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" style=\"%s\"/>", x, y, fill));
            case 1 -> rect(x - 4, y - 4, 8, 8, fill);
            case 2 -> polygon(fill, x, y - 5, x + 5, y, x, y + 5, x - 5, y);
            default -> polygon(fill, x, y - 5, x + 5, y + 4, x - 5, y + 4);
        }
    }

    private void polygon(String style, double... xy) {
        StringBuilder pts = new StringBuilder();
        for (int i = 0; i < xy.length; i += 2) {
            pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", xy[i], xy[i + 1]));
        }
        raw("<polygon points=\"" + pts.toString().trim() + "\" style=\"" + style + "\"/>");
    }

    String finish() {
        return sb + "</svg>\n";
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

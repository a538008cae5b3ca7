package org.jdsm.samples.raytracer;

/**
 * A mutable 3-vector with the operations of the Java Grande ray tracer, in the same operand order
 * (the published checksum is a sum of rounded colours, so the arithmetic must match bit for bit).
 */
final class Vec {

    double x;
    double y;
    double z;

    Vec(double x, double y, double z) {
        this.x = x;
        this.y = y;
        this.z = z;
    }

    Vec() {
        this(0.0, 0.0, 0.0);
    }

    static Vec sub(Vec a, Vec b) {
        return new Vec(a.x - b.x, a.y - b.y, a.z - b.z);
    }

    static double dot(Vec a, Vec b) {
        return a.x * b.x + a.y * b.y + a.z * b.z;
    }

    static Vec cross(Vec a, Vec b) {
        return new Vec(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    }

    /** {@code a * va + b * vb}. */
    static Vec comb(double a, Vec va, double b, Vec vb) {
        return new Vec(a * va.x + b * vb.x, a * va.y + b * vb.y, a * va.z + b * vb.z);
    }

    /** Sets this to {@code a - b}. */
    void setDifference(Vec a, Vec b) {
        x = a.x - b.x;
        y = a.y - b.y;
        z = a.z - b.z;
    }

    void add(Vec a) {
        x += a.x;
        y += a.y;
        z += a.z;
    }

    /** Adds {@code s * a}. */
    void addScaled(double s, Vec a) {
        x += s * a.x;
        y += s * a.y;
        z += s * a.z;
    }

    void scale(double s) {
        x *= s;
        y *= s;
        z *= s;
    }

    void negate() {
        x = -x;
        y = -y;
        z = -z;
    }

    /** Scales to unit length (a zero vector stays zero); returns the old length. */
    double normalize() {
        double len = Math.sqrt(x * x + y * y + z * z);
        if (len > 0.0) {
            x = x / len;
            y = y / len;
            z = z / len;
        }
        return len;
    }
}

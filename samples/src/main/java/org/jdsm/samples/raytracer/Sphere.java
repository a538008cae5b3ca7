package org.jdsm.samples.raytracer;

/** A sphere of the scene with its surface: colour and diffuse, specular, transmitted shares. */
final class Sphere {

    /** Hits closer than this to the ray's origin are the surface the ray left, not a new hit. */
    static final double EPSILON = 1e-6;

    final Vec centre;
    final double radiusSquared;
    final Vec colour;
    final double diffuse;
    final double specular;
    final double transmitted;
    final double shininess;

    Sphere(Vec centre, double radius, Vec colour, double diffuse, double specular, double transmitted,
            double shininess) {
        this.centre = centre;
        this.radiusSquared = radius * radius;
        this.colour = colour;
        this.diffuse = diffuse;
        this.specular = specular;
        this.transmitted = transmitted;
        this.shininess = shininess;
    }

    /** Distance along the ray ({@code d} unit length) to the nearest hit beyond {@link #EPSILON}, or -1 if none. */
    double hit(Vec origin, Vec d) {
        double vx = centre.x - origin.x;
        double vy = centre.y - origin.y;
        double vz = centre.z - origin.z;
        double b = vx * d.x + vy * d.y + vz * d.z;
        double disc = b * b - (vx * vx + vy * vy + vz * vz) + radiusSquared;
        if (disc < 0.0) {
            return -1.0;
        }
        disc = Math.sqrt(disc);
        double t = b - disc < EPSILON ? b + disc : b - disc;
        return t < EPSILON ? -1.0 : t;
    }

    /** The outward unit normal at surface point {@code p}. */
    Vec normal(Vec p) {
        Vec n = Vec.sub(p, centre);
        n.normalize();
        return n;
    }
}

package org.jdsm.samples.raytracer;

import java.util.List;

/**
 * The Java Grande ray tracer's recursive tracing (section 3 RayTracer): diffuse and specular
 * (Phong) light from every unshadowed light, plus a reflected and a transmitted ray (refractive
 * index 1 everywhere, so the transmitted ray bends only by rounding), down to depth 6 or weight
 * 1e-3. Not thread-safe (it keeps per-ray state): one per thread.
 *
 * <p>Two details of JGF's program are kept because the published checksum depends on them: a
 * shadow ray is blocked by any sphere it meets, whether before or beyond the light; and all
 * secondary rays share one origin field, so the transmitted ray starts where the reflected ray's
 * recursion last set it, not necessarily at the surface point being shaded.
 */
final class Tracer {

    /** Rays deeper than this contribute black. */
    static final int MAX_DEPTH = 6;
    /** Secondary rays whose weight is at most this are not traced. */
    static final double MIN_WEIGHT = 1e-3;
    /** Hits farther than this do not count. */
    private static final double FAR = 1e9;
    private static final double SHINY = 1e-6;
    private static final int ALPHA = 255 << 24;

    private final Scene scene;
    private final Sphere[] spheres;
    private final Vec toLight = new Vec();
    /** Distance to the hit {@link #nearest} found. */
    private double hitDistance;
    /** Where the next secondary ray starts (see the class comment). */
    private Vec secondaryOrigin;

    Tracer(Scene scene) {
        this.scene = scene;
        this.spheres = scene.spheres().toArray(new Sphere[0]);
    }

    /**
     * Renders row {@code y} of a {@code width x width} image into {@code pixels[offset, offset + width)}
     * as ARGB, each channel the colour times 255 truncated and clipped to 255.
     */
    void renderRow(int y, int width, int[] pixels, int offset) {
        double ylen = 2.0 * y / width - 1.0;
        for (int x = 0; x < width; x++) {
            double xlen = 2.0 * x / width - 1.0;
            Vec d = Vec.comb(xlen, scene.left(), ylen, scene.up());
            d.add(scene.forward());
            d.normalize();
            Vec c = trace(0, 1.0, scene.eye(), d);
            pixels[offset + x] = ALPHA | channel(c.x) << 16 | channel(c.y) << 8 | channel(c.z);
        }
    }

    private static int channel(double v) {
        return Math.min(255, (int) (v * 255.0));
    }

    private Vec trace(int level, double weight, Vec origin, Vec dir) {
        if (level > MAX_DEPTH) {
            return new Vec();
        }
        Sphere s = nearest(origin, dir);
        if (s == null) {
            return new Vec();
        }
        double t = hitDistance;
        Vec p = new Vec(origin.x + dir.x * t, origin.y + dir.y * t, origin.z + dir.z * t);
        Vec n = s.normal(p);
        if (Vec.dot(dir, n) >= 0.0) {
            n.negate();
        }
        return shade(level, weight, s, p, n, dir);
    }

    /** The sphere the ray hits first (setting {@link #hitDistance}), or null. */
    private Sphere nearest(Vec origin, Vec dir) {
        Sphere best = null;
        double bestT = FAR;
        for (Sphere s : spheres) {
            double t = s.hit(origin, dir);
            if (t >= 0.0 && t < bestT) {
                bestT = t;
                best = s;
            }
        }
        hitDistance = bestT;
        return best;
    }

    private boolean blocked(Vec origin, Vec dir) {
        for (Sphere s : spheres) {
            if (s.hit(origin, dir) >= 0.0) {
                return true;
            }
        }
        return false;
    }

    private Vec shade(int level, double weight, Sphere s, Vec p, Vec n, Vec incident) {
        Vec colour = new Vec();
        Vec mirror = s.shininess > SHINY ? reflected(incident, n) : null;
        List<Vec> lights = scene.lights();
        for (int l = 0; l < lights.size(); l++) {
            toLight.setDifference(lights.get(l), p);
            if (Vec.dot(n, toLight) >= 0.0) {
                toLight.normalize();
                if (!blocked(p, toLight)) {
                    colour.addScaled(Vec.dot(n, toLight) * s.diffuse * scene.brightness()[l], s.colour);
                    if (mirror != null) {
                        double spec = Vec.dot(mirror, toLight);
                        if (spec > SHINY) {
                            spec = Math.pow(spec, s.shininess);
                            colour.x += spec;
                            colour.y += spec;
                            colour.z += spec;
                        }
                    }
                }
            }
        }
        secondaryOrigin = p;
        if (s.specular * weight > MIN_WEIGHT) {
            colour.addScaled(s.specular, trace(level + 1, s.specular * weight, secondaryOrigin, reflected(incident, n)));
        }
        if (s.transmitted * weight > MIN_WEIGHT) {
            colour.addScaled(s.transmitted,
                    trace(level + 1, s.transmitted * weight, secondaryOrigin, transmitted(incident, n)));
        }
        return colour;
    }

    /** The mirror direction of {@code incident} about {@code n}. */
    private static Vec reflected(Vec incident, Vec n) {
        Vec r = Vec.comb(1.0 / Math.abs(Vec.dot(incident, n)), incident, 2.0, n);
        r.normalize();
        return r;
    }

    /** Snell's law from index 1 into index 1 (eta = 1: never total internal reflection). */
    private static Vec transmitted(Vec incident, Vec n) {
        double eta = 1.0;
        double c1 = -Vec.dot(incident, n);
        double cs2 = 1.0 - eta * eta * (1.0 - c1 * c1);
        Vec r = Vec.comb(eta, incident, eta * c1 - Math.sqrt(cs2), n);
        r.normalize();
        return r;
    }
}

package org.jdsm.samples.raytracer;

import java.util.List;

/**
 * What the ray tracer renders: spheres, point lights and the camera. Never changed once built, so
 * the threads of a node share one.
 *
 * @param spheres    the objects
 * @param lights     light positions
 * @param brightness the lights' brightness, by light
 * @param eye        where the rays start
 * @param forward    unit view direction
 * @param up         the image's vertical axis, scaled to the frustum's half height
 * @param left       the image's horizontal axis, scaled to the frustum's half width
 */
record Scene(List<Sphere> spheres, List<Vec> lights, double[] brightness, Vec eye, Vec forward, Vec up, Vec left) {

    /**
     * The Java Grande scene (section 3 RayTracer): 64 spheres of radius 3 on a 4 x 4 x 4 grid
     * spanning [-10, 10] on each axis, coloured blue by {@code (i + j) / 6} with diffuse 1,
     * specular and transmitted 0.5, shininess 15; five lights of brightness 1 at
     * (&plusmn;100, &plusmn;100, -50) and (200, 200, 0); the eye at (0, 20, -30) looking at the
     * origin with up (0, 1, 0), view distance 1, angle 35 degrees (pi taken as 3.14159265) and
     * aspect 1.
     */
    static Scene jgf() {
        int grid = 4;
        Sphere[] spheres = new Sphere[grid * grid * grid];
        int s = 0;
        for (int i = 0; i < grid; i++) {
            for (int j = 0; j < grid; j++) {
                for (int k = 0; k < grid; k++) {
                    Vec centre = new Vec(20.0 / (grid - 1) * i - 10.0, 20.0 / (grid - 1) * j - 10.0,
                            20.0 / (grid - 1) * k - 10.0);
                    Vec colour = new Vec(0, 0, (i + j) / (double) (grid + grid - 2));
                    spheres[s++] = new Sphere(centre, 3, colour, 1.0, 1.5 - 1.0, 1.5 - 1.0, 15.0);
                }
            }
        }
        List<Vec> lights = List.of(new Vec(100, 100, -50), new Vec(-100, 100, -50), new Vec(100, -100, -50),
                new Vec(-100, -100, -50), new Vec(200, 200, 0));
        return camera(List.of(spheres), lights, new double[] {1.0, 1.0, 1.0, 1.0, 1.0},
                new Vec(0, 20, -30), new Vec(0, 0, 0), new Vec(0, 1, 0), 1.0, 35.0 * 3.14159265 / 180.0, 1.0);
    }

    /** A scene seen from {@code from} towards {@code at}; {@code angle} is the half opening of the view. */
    private static Scene camera(List<Sphere> spheres, List<Vec> lights, double[] brightness, Vec from, Vec at,
            Vec upHint, double distance, double angle, double aspect) {
        Vec forward = Vec.sub(at, from);
        forward.normalize();
        Vec along = new Vec(forward.x, forward.y, forward.z);
        along.scale(Vec.dot(upHint, forward));
        Vec up = Vec.sub(upHint, along);
        up.normalize();
        Vec left = Vec.cross(upHint, forward);
        left.normalize();
        double frustumWidth = distance * Math.tan(angle);
        up.scale(-frustumWidth);
        left.scale(aspect * frustumWidth);
        return new Scene(spheres, lights, brightness, from, forward, up, left);
    }
}

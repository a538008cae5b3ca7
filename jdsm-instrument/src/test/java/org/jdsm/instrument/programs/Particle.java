package org.jdsm.instrument.programs;

/** A registered shared object with fields written by plain code. */
public class Particle {
    public double x;
    public int moves;

    /** Writes this object's fields from inside an instance method. */
    public void move(double dx) {
        x += dx;
        moves++;
    }
}

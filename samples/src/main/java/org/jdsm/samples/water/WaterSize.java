package org.jdsm.samples.water;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/**
 * A Water problem: {@code molecules} water molecules on a cubic lattice (so a perfect cube: 8, 27,
 * 64, ..., 512) advanced {@code steps} time steps, with the energies computed after the last one
 * (SPLASH-2's input deck: 512 molecules, 3 steps, {@code NPRINT} = 3, by default).
 */
record WaterSize(int molecules, int steps) {

    static final String USAGE = "Water [MOLECULES] [STEPS]";

    static WaterSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        WaterSize size = new WaterSize(a.positive(0, 512), a.positive(1, 3));
        a.require(size.molecules <= 64_000, "MOLECULES must be at most 64000");
        a.require(size.molecules >= 8, "MOLECULES must be at least 8");
        a.require(size.latticeSide() * size.latticeSide() * size.latticeSide() == size.molecules,
                "MOLECULES must be a perfect cube (8, 27, 64, ..., 512): they start on a cubic lattice");
        return size;
    }

    /** Molecules along each edge of the starting lattice, or 0 if {@code molecules} is not a cube. */
    int latticeSide() {
        int side = (int) Math.round(Math.cbrt(molecules));
        return side * side * side == molecules ? side : 0;
    }

    @Override
    public String toString() {
        return molecules + " molecules, " + steps + " steps";
    }
}

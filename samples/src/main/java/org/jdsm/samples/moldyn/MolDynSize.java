package org.jdsm.samples.moldyn;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/**
 * A MolDyn problem: {@code 4 * mm^3} particles in an fcc lattice of {@code mm^3} unit cells,
 * {@code moves} time steps (JGF size A, mm=8 or 2,048 particles, 50 moves, by default). JGF's
 * cutoff radius is {@code mm / 4}; below mm=5 it is shorter than the nearest-neighbour distance and
 * the particles do not interact.
 */
record MolDynSize(int mm, int moves) {

    static final String USAGE = "MolDyn [MM] [MOVES]";

    static MolDynSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        MolDynSize size = new MolDynSize(a.positive(0, 8), a.positive(1, 50));
        a.require(size.mm <= 200, "MM must be at most 200");
        return size;
    }

    int particles() {
        return 4 * mm * mm * mm;
    }

    @Override
    public String toString() {
        return particles() + " particles, " + moves + " moves";
    }
}

package org.jdsm.samples.water;

import java.util.Locale;

/**
 * What SPLASH-2 Water prints after a step that computes the potential energy, in units of kT per
 * atom: the kinetic energy of this step, the intramolecular, intermolecular and reaction-field
 * potential energies, their total, and the temperature (K) and virial averaged over the steps so far.
 */
record WaterEnergies(double kinetic, double intra, double inter, double reaction, double total, double temperature,
        double virial) {

    /** The values as SPLASH-2 prints them (its printf formats: 5 decimals, the total 3). */
    String printed() {
        return String.format(Locale.ROOT, "kinetic %.5f, intra %.5f, inter %.5f, reaction %.5f, total %.3f, "
                + "temperature %.5f, virial %.5f", kinetic, intra, inter, reaction, total, temperature, virial);
    }

    /** The seven values in printing order. */
    double[] values() {
        return new double[] {kinetic, intra, inter, reaction, total, temperature, virial};
    }
}

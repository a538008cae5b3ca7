package org.jdsm.samples.pi;

import org.jdsm.samples.support.Validation;

/** Checks the integral against {@link Math#PI} within the midpoint rule's error. */
final class PiReference {

    static final String NAME = "Pi";

    private PiReference() {
    }

    static void validate(PiSize size, double pi, String summary) {
        Validation.of(NAME).near("pi", pi, Math.PI, size.tolerance()).finish(pi, size + ", " + summary);
    }
}

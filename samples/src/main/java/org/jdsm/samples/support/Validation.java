package org.jdsm.samples.support;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects a sample's checks, then either prints {@code <Name> PASS ...} or fails the job with
 * {@code <Name> FAIL: ...} naming every check that did not hold.
 */
public final class Validation {

    private final String sample;
    private final List<String> failures = new ArrayList<>();
    private final List<String> passed = new ArrayList<>();

    private Validation(String sample) {
        this.sample = sample;
    }

    /** Starts the checks of the sample called {@code sample} (the name printed with PASS/FAIL). */
    public static Validation of(String sample) {
        return new Validation(sample);
    }

    /** Checks {@code |actual - expected| <= tolerance}. */
    public Validation near(String what, double actual, double expected, double tolerance) {
        double dev = Math.abs(actual - expected);
        return check(dev <= tolerance, what + " = " + actual + " (expected " + expected + " within " + tolerance + ")",
                what + " = " + actual + " (expected " + expected
                + ", deviation " + dev + ", tolerance " + tolerance + ")");
    }

    /** Checks that {@code actual} equals {@code expected} bit for bit. */
    public Validation same(String what, double actual, double expected) {
        return check(Double.compare(actual, expected) == 0, what + " = " + actual,
                what + " = " + actual + " (expected exactly " + expected + ")");
    }

    /** Checks {@code actual < bound}. */
    public Validation below(String what, double actual, double bound) {
        return check(actual < bound, what + " = " + actual, what + " = " + actual + " (must be below " + bound + ")");
    }

    /** Records a check whose outcome the caller computed, described briefly if it held and fully if not. */
    public Validation check(boolean ok, String passText, String failText) {
        if (ok) {
            passed.add(passText);
        } else {
            failures.add(failText);
        }
        return this;
    }

    /**
     * Ends the checks: on success prints {@code <Name> PASS: <checks>; <summary>} and records
     * {@code checksum} for {@link Outcomes}; otherwise throws {@link IllegalStateException}.
     */
    public void finish(double checksum, String summary) {
        if (!failures.isEmpty()) {
            throw new IllegalStateException(sample + " FAIL: " + String.join("; ", failures) + "; " + summary);
        }
        Outcomes.record(sample, checksum);
        System.out.println(sample + " PASS: " + String.join("; ", passed) + "; " + summary);
    }
}

package org.jdsm.launch.joblib;

/** A library class that tests put into a jar of its own, named by a job jar's manifest Class-Path. */
public final class Library {

    private Library() {
    }

    /** What {@link org.jdsm.launch.jobs.UsesLibrary} prints. */
    public static String greeting(int rank) {
        return "rank " + rank + " reached the library";
    }
}

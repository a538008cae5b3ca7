package org.jdsm.launch.jobs;

import org.jdsm.Spmd;
import org.jdsm.launch.joblib.Library;

/** A job that needs a class from another jar (org.jdsm.launch.joblib), as its manifest Class-Path names it. */
public class UsesLibrary extends Spmd {

    @Override
    public void start() {
        if (myThread() % threadsPerNode() == 0) {
            System.out.println(Library.greeting(myNode()));
        }
    }
}

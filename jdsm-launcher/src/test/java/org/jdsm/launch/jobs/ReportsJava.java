package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** A job whose nodes each print the Java release and vendor their JVM runs. */
public class ReportsJava extends Spmd {

    @Override
    public void start() {
        if (myThread() == myNode() * threadsPerNode()) { // one line per node
            System.out.println("java " + Runtime.version().feature() + " " + System.getProperty("java.vendor"));
        }
    }
}

package org.jdsm.launch.jobs;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import org.jdsm.Spmd;

/** A job whose nodes each print the compile threshold scaling their JVM runs with. */
public class ReportsJitScaling extends Spmd {

    @Override
    public void start() {
        if (myThread() != myNode() * threadsPerNode()) {
            return; // one line per node
        }
        String value = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("CompileThresholdScaling").getValue();
        System.out.println("CompileThresholdScaling " + Double.parseDouble(value));
    }
}

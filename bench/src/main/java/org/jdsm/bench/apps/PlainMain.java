package org.jdsm.bench.apps;

import java.util.Arrays;
import java.util.List;

/**
 * Main of the child JVM that runs a sample's plain-Java reference ({@code ...Plain.run(threads,
 * args)}: hardware shared memory, no JDSM) once:
 * {@code LIMIT_S SAMPLE THREADS -- JOB_ARGS...}. Reports through {@link ChildReport}.
 */
public final class PlainMain {

    private PlainMain() {
    }

    public static void main(String[] args) {
        if (args.length < 4 || !args[3].equals("--")) {
            System.err.println("usage: PlainMain LIMIT_S SAMPLE THREADS -- JOB_ARGS...");
            System.exit(2);
        }
        AppSpec app = AppSpec.bySample(args[1]);
        ChildReport report = new ChildReport(app.sample(), Long.parseLong(args[0]));
        List<String> jobArgs = List.of(Arrays.copyOfRange(args, 4, args.length));
        try {
            double checksum = app.plain().run(Integer.parseInt(args[2]), jobArgs);
            report.succeeded(checksum);
        } catch (Throwable t) {
            t.printStackTrace();
            report.failed(String.valueOf(t));
        }
        ChildReport.awaitParent();
    }
}

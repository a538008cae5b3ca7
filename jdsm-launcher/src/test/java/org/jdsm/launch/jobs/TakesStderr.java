package org.jdsm.launch.jobs;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import org.jdsm.Spmd;

/**
 * A job whose rank 1 does with {@code System.err} what {@code args[0]} says, between two barriers:
 * {@code redirect} sends it to a file of its own (as a logging set-up may), {@code close} closes
 * it, {@code unfinished} leaves a line unfinished there (as a progress bar does). With
 * {@code args[1]} = {@code fail} that rank then throws.
 */
public class TakesStderr extends Spmd {

    @Override
    public void start() {
        barrier();
        if (myThread() == threadsPerNode()) { // the first thread of rank 1
            switch (args().get(0)) {
                case "redirect" -> System.setErr(logFile());
                case "close" -> System.err.close();
                default -> System.err.print("\rprogress: 100%");
            }
            if (args().size() > 1 && args().get(1).equals("fail")) {
                throw new IllegalStateException("planned failure with System.err taken");
            }
        }
        barrier();
    }

    private static PrintStream logFile() {
        try {
            File log = File.createTempFile("jdsm-job-err", ".log");
            log.deleteOnExit();
            return new PrintStream(new FileOutputStream(log), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

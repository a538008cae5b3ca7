package org.jdsm.launch.jobs;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.jdsm.Spmd;

/**
 * Reads numbers from the client's file {@code args[0]} on every rank; rank 0 writes their sum to the
 * client's file {@code args[1]} and shows that a path outside the submit directory is refused.
 */
public class ClientFilesJob extends Spmd {

    @Override
    public void start() {
        String text = new String(readClientFile(args().get(0)), StandardCharsets.UTF_8);
        long sum = text.lines().mapToLong(Long::parseLong).sum();
        System.out.println("rank " + myNode() + " read " + text.lines().count() + " numbers");
        if (myNode() == 0) {
            writeClientFile(args().get(1), ("sum=" + sum + "\n").getBytes(StandardCharsets.UTF_8));
            try {
                readClientFile("../outside.txt");
            } catch (UncheckedIOException e) {
                System.out.println("refused: " + e.getMessage());
            }
        }
    }
}

package org.jdsm.launch.jobs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.jdsm.Spmd;

/**
 * Rank 0 lets its stdin wait for {@code args[0]} ms (longer than any heartbeat's silence), then
 * counts its lines and characters.
 */
public class CountsStdin extends Spmd {

    @Override
    public void start() {
        if (myNode() != 0) {
            return;
        }
        try {
            Thread.sleep(Long.parseLong(args().get(0)));
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            long lines = 0;
            long chars = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines++;
                chars += line.length();
            }
            System.out.println("stdin: " + lines + " lines, " + chars + " characters");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

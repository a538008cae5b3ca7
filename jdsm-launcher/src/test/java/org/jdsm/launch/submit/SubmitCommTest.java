package org.jdsm.launch.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.jdsm.launch.ExitCodes;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code jdsm submit --comm}: the ranks' comm module reaches the manager; one that cannot join ranks is refused. */
class SubmitCommTest {

    @Test
    void ucxReachesTheManagerAndNettyIsTheDefault() {
        assertEquals("ucx", SubmitHello.of("--cluster", "a@b", "--slurm", "-n", "2", "--comm", "ucx", "job.jar", "a.Job")
                .job().comm());
        assertEquals("netty", SubmitHello.of("--cluster", "a@b", "--slurm", "-n", "2", "job.jar", "a.Job").job().comm());
    }

    @Test
    void anInJvmOrUnknownCommIsRefusedBeforeConnecting() {
        for (String comm : List.of("local", "carrier-pigeon")) {
            StringWriter err = new StringWriter();
            int code = new CommandLine(new SubmitCommand()).setStopAtPositional(true).setErr(new PrintWriter(err))
                    .execute("--cluster", "a@b", "--slurm", "-n", "2", "--comm", comm, "job.jar", "a.Job");
            assertEquals(ExitCodes.USAGE, code, err.toString());
            assertTrue(err.toString().contains("no comm module named '" + comm + "' between the ranks of a cluster"
                    + " (--comm); available: netty, ucx"), err.toString());
        }
    }
}

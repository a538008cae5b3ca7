package org.jdsm.launch.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.launch.cluster.Hello;
import org.junit.jupiter.api.Test;

/** {@code jdsm submit --instrument} tells the manager to run the agent, and nothing else changes. */
class SubmitInstrumentTest {

    @Test
    void instrumentReachesTheManagerWithTheJobUnchanged() {
        Hello hello = SubmitHello.of("--cluster", "a@b", "--hosts", "nodes.txt", "-n", "2", "-t", "3", "--protocol", "sc",
                "--instrument", "--jvm-arg", "-Xmx1g", "job.jar", "a.Job", "--instrument", "x");
        assertTrue(hello.instrument());
        assertEquals(List.of("-Xmx1g"), hello.jvmArgs(), "the agent is the manager's to add: only it knows the runtime's path");
        assertEquals(List.of("--instrument", "x"), hello.job().args(), "after the class everything is the job's");
        assertEquals("sc", hello.job().protocol());
        assertEquals(3, hello.job().threadsPerNode());
        assertEquals(2, hello.job().nodes());
    }

    @Test
    void withoutInstrumentTheManagerRunsNoAgent() {
        assertFalse(SubmitHello.of("--cluster", "a@b", "--slurm", "-n", "2", "job.jar", "a.Job").instrument());
    }
}

package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How {@code --comm local} finds the job's {@code System.exit} call among the threads' stacks. */
class InJvmExitReportTest {

    @Test
    void namesTheCallerOfSystemExitAndItsThread() {
        Thread worker = new Thread(() -> { }, "node 1 thread 0");
        StackTraceElement[] stack = {
            frame("java.lang.Thread", "join"),
            frame("java.lang.Shutdown", "exit"),
            frame("java.lang.Runtime", "exit"),
            frame("java.lang.System", "exit"),
            new StackTraceElement("jdsm-job", null, null, "com.example.Job", "start", "Job.java", 12),
            frame("org.jdsm.runtime.Worker", "run")};
        assertEquals(Optional.of("at com.example.Job.start(Job.java:12) on thread node 1 thread 0"),
                InJvmExitReport.exitCall(Map.of(new Thread("main"), new StackTraceElement[] {frame("Main", "main")},
                        worker, stack)));
    }

    @Test
    void aSignalIsNoExitCall() {
        StackTraceElement[] sigint = {frame("java.lang.Shutdown", "exit"), frame("java.lang.Terminator$1", "handle")};
        assertEquals(Optional.empty(), InJvmExitReport.exitCall(Map.of(new Thread("SIGINT handler"), sigint)));
    }

    private static StackTraceElement frame(String cls, String method) {
        return new StackTraceElement(cls, method, null, -1);
    }
}

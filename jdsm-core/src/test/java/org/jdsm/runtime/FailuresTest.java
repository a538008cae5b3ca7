package org.jdsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jdsm.DsmException;
import org.junit.jupiter.api.Test;

/**
 * {@link Failures}: the job's own exception keeps the top of its trace; a {@link DsmException}, which
 * says what the job did wrong, shows only where the job called and the causes it does not repeat.
 */
class FailuresTest {

    @Test
    void aJobsOwnExceptionKeepsItsTrace() {
        IllegalStateException thrown = new IllegalStateException("boom");
        String text = Failures.describe(thrown);
        assertTrue(text.startsWith("java.lang.IllegalStateException: boom\n\tat org.jdsm.runtime.FailuresTest."), text);
    }

    @Test
    void aJobsOwnExceptionShowsItsFramesWithoutTheLoaderOrTheRunnerBelowThem() {
        ArrayIndexOutOfBoundsException thrown = new ArrayIndexOutOfBoundsException("Index 8 out of bounds for length 2");
        thrown.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("jdsm-job", null, null, "my.Job", "kernel", "Job.java", 20),
            new StackTraceElement("jdsm-job", null, null, "my.Job", "start", "Job.java", 12),
            new StackTraceElement("org.jdsm.runtime.NodeRuntime", "lambda$runStart$0", "NodeRuntime.java", 144),
            new StackTraceElement(null, null, "17", "java.lang.Thread", "run", "Thread.java", 840),
        });
        assertEquals("java.lang.ArrayIndexOutOfBoundsException: Index 8 out of bounds for length 2\n"
                + "\tat my.Job.kernel(Job.java:20)\n\tat my.Job.start(Job.java:12)", Failures.describe(thrown));
    }

    @Test
    void aLongTraceShowsItsTopFrames() {
        IllegalStateException thrown = new IllegalStateException("deep");
        StackTraceElement[] trace = new StackTraceElement[20];
        for (int i = 0; i < trace.length; i++) {
            trace[i] = new StackTraceElement("java.util.Deep", "level" + i, null, -1);
        }
        thrown.setStackTrace(trace);
        String text = Failures.describe(thrown);
        assertTrue(text.startsWith("java.lang.IllegalStateException: deep\n\tat java.util.Deep.level0(Unknown Source)\n"), text);
        assertTrue(text.endsWith("\tat java.util.Deep.level5(Unknown Source)\n\t..."), text);
    }

    @Test
    void aMistakeShowsTheJobsCallAndOnlyNewCauses() {
        IllegalStateException root = new IllegalStateException("inner detail\nsecond line");
        RuntimeException repeated = new RuntimeException("cannot do it: inner detail", root);
        DsmException e = new DsmException("the job did X wrong (cannot do it: inner detail)", repeated);
        e.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.jdsm.SharedObjectPool", "register", "SharedObjectPool.java", 97),
            new StackTraceElement("my.Job", "helper", "Job.java", 12),
            new StackTraceElement("my.Job", "init", "Job.java", 5),
            new StackTraceElement("org.jdsm.runtime.NodeRuntime", "run", "NodeRuntime.java", 140),
            new StackTraceElement("my.Main", "main", "Main.java", 3),
        });
        assertEquals("org.jdsm.DsmException: the job did X wrong (cannot do it: inner detail)\n"
                + "\tat my.Job.helper(Job.java:12)\n\tat my.Job.init(Job.java:5)", Failures.describe(e));
    }

    @Test
    void anExceptionThatCannotSayWhatItIsIsNamedByItsClass() {
        RuntimeException unprintable = new RuntimeException() {
            @Override
            public String getMessage() {
                throw new NullPointerException("no message");
            }
        };
        String text = Failures.describe(new IllegalStateException("outer", unprintable));
        assertTrue(text.contains("caused by " + unprintable.getClass().getName()
                + " (its toString() threw java.lang.NullPointerException)"), text);
    }

    @Test
    void aCircularCauseChainIsNamedOnce() {
        IllegalStateException a = new IllegalStateException("loop a");
        IllegalStateException b = new IllegalStateException("loop b", a);
        a.initCause(b);
        String text = Failures.describe(a);
        assertTrue(text.endsWith("caused by [circular reference: java.lang.IllegalStateException: loop a]"), text);
        DsmException mistake = new DsmException("wrong", a);
        mistake.setStackTrace(new StackTraceElement[0]);
        assertEquals("org.jdsm.DsmException: wrong\ncaused by java.lang.IllegalStateException: loop a\n"
                + "caused by java.lang.IllegalStateException: loop b", Failures.describe(mistake));
    }
}

package org.jdsm.launch.submit;

import java.util.List;
import org.jdsm.launch.cluster.Hello;
import picocli.CommandLine;

/** What {@code jdsm submit ARGS} would tell the manager, without connecting anywhere. */
final class SubmitHello {

    private SubmitHello() {
    }

    static Hello of(String... args) {
        SubmitCommand submit = new SubmitCommand();
        new CommandLine(submit).setStopAtPositional(true).parseArgs(args);
        return submit.hello(List.of("h1:2"), "job-1");
    }
}

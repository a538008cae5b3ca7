package org.jdsm.launch;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The outcome of a job from how its nodes ended: success only if every node's runtime finished the
 * job; otherwise the node that failed first on its own account is named, not the nodes that
 * stopped because of it.
 */
public final class Verdict {

    private final List<NodeExit> exits;

    /** @param exits the nodes' exits in the order they happened */
    public Verdict(List<NodeExit> exits) {
        this.exits = List.copyOf(exits);
    }

    boolean ok() {
        return exits.stream().allMatch(NodeExit::ok);
    }

    /** The node to blame: the first culprit, else the first that was not killed, else the first failure. */
    Optional<NodeExit> cause() {
        return first(NodeExit::culprit).or(() -> first(e -> !e.ok() && !e.killed())).or(() -> first(e -> !e.ok()));
    }

    /**
     * The job's exit code: {@link ExitCodes#OK}; {@link ExitCodes#USAGE} if the cause is a node JVM
     * that could not start (its options are wrong); else {@link ExitCodes#FAILED}, whatever code the
     * nodes exited with (the summary names that).
     */
    public int exitCode() {
        if (ok()) {
            return ExitCodes.OK;
        }
        return cause().filter(e -> e.ending() == NodeExit.Ending.NOT_STARTED).isPresent() ? ExitCodes.USAGE
                : ExitCodes.FAILED;
    }

    /** The summary lines for stderr; none on success. */
    public List<String> summary() {
        return cause().map(cause -> {
            String killed = exits.stream().filter(NodeExit::killed).map(e -> Integer.toString(e.rank()))
                    .collect(Collectors.joining(", "));
            String line = "jdsm: job failed: " + cause.describe();
            return killed.isEmpty() ? List.of(line)
                    : List.of(line, "jdsm: killed rank(s) " + killed + " that did not stop by themselves");
        }).orElse(List.of());
    }

    private Optional<NodeExit> first(Predicate<NodeExit> p) {
        return exits.stream().filter(p).findFirst();
    }
}

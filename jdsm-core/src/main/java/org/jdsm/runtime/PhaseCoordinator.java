package org.jdsm.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jdsm.trans.Responder;

/**
 * Runs on node 0: collects one {@link ControlMessage.Arrive} per node for each job phase and, once
 * all are in, answers every node with the phase's verdict (null when all is well). Once the job is
 * stopped ({@link #stop}), every arrival, waiting or later, is answered with the stop instead.
 */
final class PhaseCoordinator {

    private record Arrival(int node, Object payload, Responder responder) {
    }

    private final int nodes;
    private final Map<String, List<Arrival>> arrivals = new HashMap<>();
    private final Map<String, Function<Object[], String>> judges;
    private final Set<String> completed = new HashSet<>();
    private ControlMessage.Abort stop;

    /** @param judges for some phases, a function from the payloads (by rank) to an error or null */
    PhaseCoordinator(int nodes, Map<String, Function<Object[], String>> judges) {
        this.nodes = nodes;
        this.judges = judges;
    }

    synchronized void arrive(int node, ControlMessage.Arrive arrive, Responder responder) {
        if (stop != null) {
            responder.reply(stop);
            return;
        }
        List<Arrival> list = arrivals.computeIfAbsent(arrive.phase(), p -> new ArrayList<>());
        list.add(new Arrival(node, arrive.payload(), responder));
        if (list.size() < nodes) {
            return;
        }
        arrivals.remove(arrive.phase());
        completed.add(arrive.phase());
        Object[] payloads = new Object[nodes];
        for (Arrival a : list) {
            payloads[a.node()] = a.payload();
        }
        Function<Object[], String> judge = judges.get(arrive.phase());
        String verdict = judge == null ? null : judge.apply(payloads);
        answerCoordinatorLast(list, verdict == null ? "ok" : verdict);
    }

    /**
     * Answers {@code arrivals} with {@code answer}, this node (the coordinator, node 0) last: once
     * it has its answer it may leave the job and close its Trans, and answers not yet sent would be
     * dropped, hanging the others.
     */
    private static void answerCoordinatorLast(List<Arrival> arrivals, Object answer) {
        arrivals.sort(Comparator.comparingInt(Arrival::node).reversed());
        for (Arrival a : arrivals) {
            a.responder().reply(answer);
        }
    }

    /** Whether {@code phase} has not completed yet and {@code node} has not arrived at it. */
    synchronized boolean awaits(String phase, int node) {
        return !completed.contains(phase)
                && arrivals.getOrDefault(phase, List.of()).stream().noneMatch(a -> a.node() == node);
    }

    /**
     * Stops the job: answers every node waiting in a phase, and every node that arrives later,
     * with {@code abort} instead of a verdict, so that none waits for a phase that cannot complete.
     */
    synchronized void stop(ControlMessage.Abort abort) {
        if (stop != null) {
            return;
        }
        stop = abort;
        List<Arrival> waiting = new ArrayList<>();
        arrivals.values().forEach(waiting::addAll);
        arrivals.clear();
        answerCoordinatorLast(waiting, abort);
    }
}

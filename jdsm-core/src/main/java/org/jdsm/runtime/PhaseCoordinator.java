package org.jdsm.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jdsm.trans.Responder;

/**
 * Runs on node 0: collects one {@link ControlMessage.Arrive} per node for each job phase and, once
 * all are in, answers every node with the phase's verdict (null when all is well).
 */
final class PhaseCoordinator {

    private record Arrival(int node, Object payload, Responder responder) {
    }

    private final int nodes;
    private final Map<String, List<Arrival>> arrivals = new HashMap<>();
    private final Map<String, Function<Object[], String>> judges;

    /** @param judges for some phases, a function from the payloads (by rank) to an error or null */
    PhaseCoordinator(int nodes, Map<String, Function<Object[], String>> judges) {
        this.nodes = nodes;
        this.judges = judges;
    }

    synchronized void arrive(int node, ControlMessage.Arrive arrive, Responder responder) {
        List<Arrival> list = arrivals.computeIfAbsent(arrive.phase(), p -> new ArrayList<>());
        list.add(new Arrival(node, arrive.payload(), responder));
        if (list.size() < nodes) {
            return;
        }
        arrivals.remove(arrive.phase());
        Object[] payloads = new Object[nodes];
        for (Arrival a : list) {
            payloads[a.node()] = a.payload();
        }
        Function<Object[], String> judge = judges.get(arrive.phase());
        String verdict = judge == null ? null : judge.apply(payloads);
        // Answer this node (the coordinator, node 0) last: once it has its answer it may leave the
        // job and close its Trans, and answers not yet sent would be dropped, hanging the others.
        list.sort(Comparator.comparingInt(Arrival::node).reversed());
        for (Arrival a : list) {
            a.responder().reply(verdict == null ? "ok" : verdict);
        }
    }
}

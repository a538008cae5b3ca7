package org.jdsm.runtime;

import java.util.List;

/** Compares what every node registered in {@code init()}; a difference becomes a clear error. */
final class RegistrationCheck {

    private RegistrationCheck() {
    }

    /** @param perNode each node's list of signatures, by rank; returns null if all agree */
    @SuppressWarnings("unchecked")
    static String compare(Object[] perNode) {
        List<String> reference = (List<String>) perNode[0];
        for (int node = 1; node < perNode.length; node++) {
            List<String> other = (List<String>) perNode[node];
            int common = Math.min(reference.size(), other.size());
            for (int key = 0; key < common; key++) {
                if (!reference.get(key).equals(other.get(key))) {
                    return "registrations differ between nodes: shared object #" + key + " is "
                            + reference.get(key) + " on node 0 but " + other.get(key) + " on node " + node
                            + " (register the same objects in the same order on every node)";
                }
            }
            if (reference.size() != other.size()) {
                boolean moreOnZero = reference.size() > other.size();
                String extra = (moreOnZero ? reference : other).get(common);
                return "registrations differ between nodes: node 0 registered " + reference.size()
                        + " shared objects, node " + node + " registered " + other.size() + "; shared object #" + common
                        + " (" + extra + ") exists only on node " + (moreOnZero ? "0" : Integer.toString(node))
                        + " (register the same objects in the same order on every node)";
            }
        }
        return null;
    }
}

package org.jdsm.instrument.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The shared objects whose JDSM lock the calling thread took for a {@code synchronized} block or
 * method, innermost last. Rewritten code may call {@link Checks#exit} twice for one monitor (once
 * on the normal path, again in the compiler's catch-all handler if the first call threw), or for a
 * monitor whose lock was never taken (its {@link Checks#enter} threw): only an entry recorded here
 * is ever unlocked, and only once.
 */
final class HeldMonitors {

    private static final ThreadLocal<List<Object>> HELD = ThreadLocal.withInitial(ArrayList::new);

    private HeldMonitors() {
    }

    static void push(Object monitor) {
        HELD.get().add(monitor);
    }

    /** Removes the innermost entry for {@code monitor}; false if there is none. */
    static boolean pop(Object monitor) {
        List<Object> held = HELD.get();
        for (int i = held.size() - 1; i >= 0; i--) {
            if (held.get(i) == monitor) {
                held.remove(i);
                return true;
            }
        }
        return false;
    }
}

package org.jdsm.runtime;

import java.util.List;

/**
 * Messages of job-wide condition waits ({@code SharedObjectPool.await} and {@code signalAll}),
 * which the pool handles itself for every protocol. Each names the JDSM lock whose condition it is.
 */
public sealed interface ConditionMessage permits ConditionMessage.Wait, ConditionMessage.Signal, ConditionMessage.Wake {

    /** The lock's id ({@link org.jdsm.LockIds}). */
    long lock();

    /** To the lock's condition home, as a request: the sender has a thread about to wait; answered once recorded. */
    record Wait(long lock) implements ConditionMessage {
    }

    /** To the lock's condition home: wake every node with a thread waiting since the last signal. */
    record Signal(long lock) implements ConditionMessage {
    }

    /** From the condition home to a node with waiting threads: wake them. */
    record Wake(long lock) implements ConditionMessage {
    }

    /** The classes to register with the wire format, in a fixed order. */
    static List<Class<?>> classes() {
        return List.of(Wait.class, Signal.class, Wake.class);
    }
}

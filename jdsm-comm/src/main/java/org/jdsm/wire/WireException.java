package org.jdsm.wire;

/** A message could not be serialized or deserialized; the message names the class and why. */
public class WireException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Starts the list of fields, innermost first, that a KryoException's message ends with. */
    private static final String KRYO_TRACE = "Serialization trace:\n";

    /** Why it failed, without what was being done (the message, for one made with a message only). */
    private final String reason;

    /** A failure said as a whole in {@code message}. */
    public WireException(String message, Throwable cause) {
        this(message, message, cause);
    }

    private WireException(String message, String reason, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /**
     * Why it failed, without what was being done: for one from {@link #of} the message after its
     * "cannot serialize X: ", so that a caller that knows better what was being sent can say so.
     */
    public String reason() {
        return reason;
    }

    /**
     * Kryo's failure {@code e} to {@code action} (e.g. "serialize com.example.Cell") as a
     * WireException. A stack overflow is said as such, in one line with the field it overflowed at
     * and what to do, caused by the overflow alone: Kryo's own message blames a reference cycle
     * (which JDSM's Kryo handles) and carries a line per nesting level, thousands of them.
     */
    static WireException of(String action, Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError overflow) {
                String field = deepestField(e);
                return failed(action, "its objects nest too deep for the thread's stack"
                        + (field == null ? "" : " (it overflowed at field " + field + ")")
                        + ": each reference is followed by a nested call, so a chain of thousands of objects, such as"
                        + " a linked list of your own class, overflows it; keep long chains in an array or a JDK"
                        + " collection (ArrayList, ArrayDeque, LinkedList), or give the node JVMs bigger stacks with"
                        + " --jvm-arg=-Xss64m", overflow);
            }
        }
        return failed(action, e.getMessage(), e);
    }

    private static WireException failed(String action, String reason, Throwable cause) {
        return new WireException("cannot " + action + ": " + reason, reason, cause);
    }

    /** The innermost field of the first Kryo serialization trace in {@code e}'s chain, e.g. "next (com.example.Node)". */
    private static String deepestField(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            String message = c.getMessage();
            int at = message == null ? -1 : message.indexOf(KRYO_TRACE);
            if (at >= 0) {
                return message.substring(at + KRYO_TRACE.length()).lines().findFirst().orElse(null);
            }
        }
        return null;
    }
}

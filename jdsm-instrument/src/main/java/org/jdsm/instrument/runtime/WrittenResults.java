package org.jdsm.instrument.runtime;

/**
 * What rewritten code calls around a call whose result the caller writes into: {@code at(i).v = x}
 * with {@code Cell at(int i) { return cells[i]; }}. The callee cannot know that its caller writes
 * what it returns, so the caller names the method ({@code "at(I)"}: name and parameters, which
 * overrides share) before the call, and the callee's loads that feed its {@code return} ask
 * {@link #writes} and, if it is their method, are checked for writing as well as reading. A
 * thread's name lives in its {@link CheckedBlocks}: only threads that are checked take part.
 */
public final class WrittenResults {

    /**
     * Whether any thread has ever named a method; until then {@link #writes}, {@link #current} and
     * {@link #after} need no thread-local lookup. Set once, never per call: a write around every
     * call would bounce one cache line between all threads of a node.
     */
    private static volatile boolean anyNamed;

    private WrittenResults() {
    }

    /** What the calling thread has named now (null: nothing), for a method to restore on every way out of a call. */
    public static String current() {
        if (!anyNamed) {
            return null;
        }
        CheckedBlocks c = CheckedBlocks.current();
        return c == null ? null : c.writtenResultOf;
    }

    /** Before a call of {@code method} whose result the caller writes into; returns what {@link #after} restores. */
    public static String before(String method) {
        CheckedBlocks c = CheckedBlocks.current();
        if (c == null) {
            return null;
        }
        String previous = c.writtenResultOf;
        name(c, method);
        return previous;
    }

    /**
     * Before a call of {@code method} whose result {@code returner} returns ({@code Cell at(int i)
     * { return find(i); }}): names {@code method} if the caller writes into what {@code returner}
     * returns; returns what {@link #after} restores.
     */
    public static String passOn(String returner, String method) {
        if (!anyNamed) {
            return null;
        }
        CheckedBlocks c = CheckedBlocks.current();
        if (c == null) {
            return null;
        }
        String previous = c.writtenResultOf;
        if (returner.equals(previous)) {
            name(c, method);
        }
        return previous;
    }

    /**
     * After the call (also where the method's code merges after it, and where a method that
     * returns its loads catches an exception, which may have skipped a restore): back to {@code
     * previous}.
     */
    public static void after(String previous) {
        if (previous == null && !anyNamed) {
            return; // nothing is named, so nothing to restore
        }
        CheckedBlocks c = CheckedBlocks.current();
        if (c != null) {
            name(c, previous);
        }
    }

    private static void name(CheckedBlocks c, String method) {
        if (method != null && !anyNamed) {
            anyNamed = true; // before the name is set: a thread that has one always finds it true
        }
        c.writtenResultOf = method;
    }

    /**
     * At the return of {@code method}, which may have synchronized since it loaded what it returns
     * ({@code synchronized Cell at(int i) { return cells[i]; }}): if the caller writes the result,
     * a write check of the element {@code kept[index]} (of the object {@code kept} if {@code index
     * < 0}; nothing if {@code kept} is null, not loaded on this way). Made here rather than at the
     * load, where it would end at the synchronization, before the caller's store.
     */
    public static void writesAgain(String method, Object kept, int index) {
        if (kept != null && writes(method)) {
            if (index < 0) {
                Checks.writeField(kept);
            } else {
                Checks.write(kept, index);
            }
        }
    }

    /** True if the calling thread's caller writes into what {@code method} (as {@link #before} names it) returns. */
    public static boolean writes(String method) {
        if (!anyNamed) {
            return false;
        }
        CheckedBlocks c = CheckedBlocks.current();
        return c != null && method.equals(c.writtenResultOf);
    }
}

package org.jdsm;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.runtime.SharedClasses;
import org.jdsm.wire.WireFormat;
import org.jdsm.wire.WireException;

/**
 * The registered shared objects of one node: by registration ordinal (the key, the same on every
 * node) and by identity of the user's object, with the checks a registration must pass.
 * Written only during {@code Spmd.init()}, before any other thread of the job uses it (but for
 * {@link #reached}).
 */
final class Registry {

    private final List<SharedObject> objects = new ArrayList<>();
    /** Set by the first lookup of a shared object in {@code start()}; read after its threads are joined. */
    private boolean reached;
    private final Map<Object, SharedObject> byObject = new IdentityHashMap<>();
    private final NestedRegistrations nested = new NestedRegistrations();

    /** The key the next registration gets. */
    int nextKey() {
        return objects.size();
    }

    /**
     * Fails with a clear message if {@code obj} cannot be registered: null, registered already, not
     * serializable, or inside (or holding) another registered object.
     */
    void check(Object obj, WireFormat wire) {
        if (obj == null) {
            throw new DsmException("cannot register null");
        }
        if (obj instanceof Spmd) {
            throw new DsmException("cannot register the job object (" + obj.getClass().getName() + "): it holds the"
                    + " node's pool and runtime; put the data to share in arrays or objects of their own");
        }
        if (byObject.containsKey(obj)) {
            throw new DsmException(describe(obj) + " is already registered as #" + byObject.get(obj).key());
        }
        // A primitive array always travels; a trial copy of a large one would need twice its size in heap.
        if (!obj.getClass().isArray() || !obj.getClass().getComponentType().isPrimitive()) {
            try {
                wire.decode(wire.encode(obj));
            } catch (WireException e) {
                throw new DsmException("cannot share " + (obj.getClass().isArray() ? describe(obj) : "an instance of "
                        + obj.getClass().getName()) + ": " + Unserializable.culprit(obj, wire, e), e);
            }
        }
        nested.check(obj, byObject);
    }

    void add(Object obj, SharedObject so) {
        SharedClasses.add(obj.getClass());
        objects.add(so);
        byObject.put(obj, so);
        nested.add(obj, so.key());
    }

    /** The shared object wrapping {@code obj}, or null. */
    SharedObject find(Object obj) {
        markReached();
        return byObject.get(obj);
    }

    /** The shared object wrapping {@code obj}; fails naming the object if it was never registered. */
    SharedObject require(Object obj) {
        markReached();
        SharedObject so = byObject.get(obj);
        if (so == null) {
            throw new DsmException(describe(obj) + " is not a registered shared object" + partOf(obj));
        }
        return so;
    }

    /**
     * Where {@code obj} sits directly in a registered object, to end the error that it is not
     * registered itself: {@code pool.acquire(cells[i])} was told to register the element in init(),
     * which would share one object twice. Searched on this error path only.
     */
    private String partOf(Object obj) {
        StringBuilder found = new StringBuilder();
        for (SharedObject so : objects) {
            NestedRegistrations.eachHeld(so.object(), (value, where, element) -> {
                if (value == obj && found.isEmpty()) {
                    found.append(": it is ").append(where).append(" of ").append(so).append(element >= 0
                            ? ", whose calls take the array and an index (update(array, " + element + "), acquire(array, "
                                    + element + "), release(array, " + element + "))"
                            : ", whose calls take the whole object (update(obj), acquire(obj), release(obj))");
                }
            });
            if (!found.isEmpty()) {
                return found.toString();
            }
        }
        return " (register it in init())";
    }

    /** Writes the flag once: every thread's checks look up, and a store each time would bounce its cache line. */
    private void markReached() {
        if (!reached) {
            reached = true;
        }
    }

    /**
     * True if a shared object was looked up (by the pool's calls on it, or by instrumented code's
     * checks) since registration, which {@link #find} and {@link #require} count.
     */
    boolean reached() {
        return reached;
    }

    SharedObject get(int key) {
        return objects.get(key);
    }

    List<SharedObject> all() {
        return objects;
    }

    /** How a user's object is named in messages: its class, or element type and length for arrays. */
    static String describe(Object obj) {
        if (obj == null) {
            return "null";
        }
        if (obj.getClass().isArray()) {
            return obj.getClass().getSimpleName().replace("[]", "") + "[" + java.lang.reflect.Array.getLength(obj) + "]";
        }
        return obj.getClass().getName();
    }
}

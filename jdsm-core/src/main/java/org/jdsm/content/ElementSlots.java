package org.jdsm.content;

import java.util.ConcurrentModificationException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Map;
import org.jdsm.runtime.ElementBlock;
import org.jdsm.runtime.RowBlocks;
import org.jdsm.runtime.SlotAware;

/**
 * Keeps the block that instrumented element objects know ({@link SlotAware}) in step with the shared
 * array holding them: set on the objects in a block whenever content comes in, cleared on an object
 * that leaves its slot. An object of a class that is not instrumented has none and is left alone.
 *
 * <p>The objects an element holds learn its block too, as far down as content changes them in place
 * ({@link ElementsInPlace}: fields of the job's classes, object arrays, lists, the values of
 * HashMaps, LinkedHashMaps, TreeMaps and ConcurrentHashMaps, up to {@link ArrayDiff#NESTING} levels), so a write through
 * a reference kept to one ({@code Pos p = cells[i].pos; barrier(); p.x = v}) checks the element's
 * block; so do the objects a single shared object holds ({@link #claimInside}). Which fields can
 * hold such objects is worked out once per class: an element whose class has none (primitive fields,
 * strings, primitive arrays) costs a class compare. An object that leaves a holder keeps the block it
 * knew, which only costs a check where none is needed. A row of a shared array of arrays, which has
 * no slot field, is kept in {@link RowBlocks} instead.
 */
public final class ElementSlots {

    /** What a class's instances may hold that can know a block: nothing, or how to walk them. */
    private static final ClassValue<Inside> INSIDE = new ClassValue<>() {
        @Override
        protected Inside computeValue(Class<?> type) {
            return Inside.of(type);
        }
    };

    private ElementSlots() {
    }

    /** Every element of {@code array[from, from + n)}, and what it holds, learns that it is in {@code block}. */
    public static void claim(Object[] array, int from, int n, ElementBlock block) {
        Class<?> lastType = null;
        Inside lastInside = Inside.NONE;
        Walk walk = null;
        for (int i = from; i < from + n; i++) {
            Object e = array[i];
            if (e == null) {
                continue;
            }
            learn(e, block);
            if (e.getClass() != lastType) {
                lastType = e.getClass();
                lastInside = INSIDE.get(lastType);
            }
            if (lastInside != Inside.NONE) {
                walk = walk == null ? new Walk(block) : walk;
                walk.children(e, lastInside, 0);
            }
        }
    }

    /** Element {@code e} (not null) learns that it is in {@code block}: through its slot, or, a row, in {@link RowBlocks}. */
    private static void learn(Object e, ElementBlock block) {
        if (e instanceof SlotAware element) {
            if (element.jdsm$slot() != block) {
                element.jdsm$setSlot(block);
            }
        } else if (e.getClass().isArray()) {
            RowBlocks.claim(e, block);
        }
    }

    /**
     * What {@code object} holds (not {@code object} itself) learns that it is in {@code block}: a
     * single shared object's block, or the element {@code object} is.
     */
    public static void claimInside(Object object, ElementBlock block) {
        Inside inside = object == null ? Inside.NONE : INSIDE.get(object.getClass());
        if (inside != Inside.NONE) {
            new Walk(block).children(object, inside, 0);
        }
    }

    /** {@code old} leaves its slot in {@code array} (replaced by another object): it is no element any more. */
    static void leave(Object old, Object[] array) {
        if (old instanceof SlotAware element && element.jdsm$slot() != null && element.jdsm$slot().shared().object() == array) {
            element.jdsm$setSlot(null);
        } else if (old != null && old.getClass().isArray()) {
            RowBlocks.leave(old, array);
        }
    }

    /**
     * {@code array[index] = value} by the program, {@code block} holding that index: {@code value}
     * takes the slot from the element there, and what it holds learns the block as well.
     */
    public static void store(Object[] array, int index, Object value, ElementBlock block) {
        Object old = array[index];
        if (old != value) {
            leave(old, array);
            if (value != null) {
                learn(value, block);
            }
            claimInside(value, block);
        }
    }

    /**
     * {@code holder.f = value} by the program, {@code holder} knowing {@code block}: {@code value}
     * and what it holds learn it too, if it can know one. Nothing for a holder that knows none.
     */
    public static void storeInside(Object holder, Object value) {
        if (holder instanceof SlotAware h && h.jdsm$slot() != null && value != null) {
            ElementBlock block = h.jdsm$slot();
            if (value instanceof SlotAware v && v.jdsm$slot() != block) {
                v.jdsm$setSlot(block);
            }
            claimInside(value, block);
        }
    }

    /**
     * One claim's descent: the objects already walked two or more levels down, made at the first
     * that holds something (what an element holds straight, a list or a nested object, is not
     * recorded: the usual shapes then walk without a map).
     */
    private static final class Walk {
        final ElementBlock block;
        Map<Object, Boolean> done;
        Class<?> lastType;
        Inside lastInside;

        Walk(ElementBlock block) {
            this.block = block;
        }

        /** The objects {@code holder} ({@code depth} levels below the slot) holds, and theirs. */
        @SuppressWarnings("unchecked")
        void children(Object holder, Inside inside, int depth) {
            int below = depth + 1;
            try {
                switch (inside.kind) {
                    case FIELDS -> {
                        for (int f : inside.fields) {
                            child(inside.access.get(holder, f), below);
                        }
                    }
                    case ARRAY -> {
                        for (Object o : (Object[]) holder) {
                            child(o, below);
                        }
                    }
                    case LIST -> {
                        List<Object> list = (List<Object>) holder;
                        if (list instanceof java.util.RandomAccess) {
                            for (int i = 0; i < list.size(); i++) {
                                child(list.get(i), below);
                            }
                        } else {
                            for (Object o : list) { // a LinkedList's get walks from an end
                                child(o, below);
                            }
                        }
                    }
                    case MAP -> {
                        for (Object o : ((Map<Object, Object>) holder).values()) {
                            child(o, below);
                        }
                    }
                    default -> {
                    }
                }
            } catch (ConcurrentModificationException | IndexOutOfBoundsException | NoSuchElementException
                     | NullPointerException e) {
                // A collection a thread of this node changes right now, read without its lock (a LinkedList's
                // iterator then may find a null link): what it holds learns the block at the next claim.
            }
        }

        private void child(Object o, int depth) {
            if (o == null || depth > ArrayDiff.NESTING) {
                return; // deeper than that, content replaces objects rather than changing them in place
            }
            if (o instanceof SlotAware s && s.jdsm$slot() != block) {
                s.jdsm$setSlot(block);
            }
            if (o.getClass() != lastType) { // the objects of one list or array are mostly of one class
                lastType = o.getClass();
                lastInside = INSIDE.get(lastType);
            }
            Inside inside = lastInside;
            if (inside == Inside.NONE || depth == ArrayDiff.NESTING) {
                return;
            }
            if (depth == 1) {
                children(o, inside, depth); // straight under the element: reached once but through a cycle, whose next turn is recorded
                return;
            }
            done = done == null ? new IdentityHashMap<>() : done;
            if (done.put(o, Boolean.TRUE) == null) { // a cycle, or an object reached twice, ends here
                children(o, inside, depth);
            }
        }
    }

    /** How to find what an instance of one class holds that may know a block. */
    private static final class Inside {
        enum Kind { NONE, FIELDS, ARRAY, LIST, MAP }

        static final Inside NONE = new Inside(Kind.NONE, null, null);

        final Kind kind;
        final ObjectFields access;
        final int[] fields;

        private Inside(Kind kind, ObjectFields access, int[] fields) {
            this.kind = kind;
            this.access = access;
            this.fields = fields;
        }

        /** As {@link ElementsInPlace} changes instances of {@code type} in place. */
        static Inside of(Class<?> type) {
            if (type.isArray()) {
                return mayHold(type.getComponentType()) ? new Inside(Kind.ARRAY, null, null) : NONE;
            }
            if (ListDiff.takesClass(type)) {
                return new Inside(Kind.LIST, null, null);
            }
            if (MapDiff.CLASSES.contains(type)) {
                return new Inside(Kind.MAP, null, null);
            }
            ObjectFields access = ElementsInPlace.fieldsOf(type);
            if (access == null) {
                return NONE; // replaced, not changed in place: what it holds is new after each fetch
            }
            int[] holding = new int[access.count()];
            int n = 0;
            for (int i = 0; i < access.count(); i++) {
                if (mayHold(access.fieldType(i))) {
                    holding[n++] = i;
                }
            }
            return n == 0 ? NONE : new Inside(Kind.FIELDS, access, java.util.Arrays.copyOf(holding, n));
        }

        /**
         * Whether a field or array element declared {@code type} may hold an object that knows a
         * block or holds one in place: a class of the job's that the instrumentation made
         * {@link SlotAware} (none is without it, so an element of plain classes walks nothing), an
         * interface of the job's, or a JDK type that may be an object array, one of the lists or one of
         * the maps; not a primitive, a primitive array, an enum or record.
         */
        static boolean mayHold(Class<?> type) {
            while (type.isArray()) {
                type = type.getComponentType();
            }
            if (type.isPrimitive() || type.isEnum() || type.isRecord()) {
                return false;
            }
            ClassLoader loader = type.getClassLoader();
            if (loader != null && loader != ClassLoader.getPlatformClassLoader()) {
                return type.isInterface() || SlotAware.class.isAssignableFrom(type);
            }
            for (Class<?> container : ListDiff.CLASSES) {
                if (type.isAssignableFrom(container)) {
                    return true;
                }
            }
            for (Class<?> map : MapDiff.CLASSES) {
                if (type.isAssignableFrom(map)) {
                    return true;
                }
            }
            return false;
        }
    }
}

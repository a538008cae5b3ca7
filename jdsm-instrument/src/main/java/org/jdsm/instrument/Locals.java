package org.jdsm.instrument;

import java.util.EnumMap;
import java.util.Map;

/** New local variable slots of one method, after the ones the compiler used. */
final class Locals {

    private final Map<ValueKind, Integer> temps = new EnumMap<>(ValueKind.class);
    private int next;

    Locals(int maxLocals) {
        next = maxLocals;
    }

    /** A fresh slot of {@code size} (2 for long and double). */
    int allocate(int size) {
        int slot = next;
        next += size;
        return slot;
    }

    /** The one scratch slot for values of {@code kind}: never live across an instruction of the original code. */
    int temp(ValueKind kind) {
        return temps.computeIfAbsent(kind, k -> allocate(k.slots()));
    }

    /** The method's new {@code max_locals}. */
    int max() {
        return next;
    }
}

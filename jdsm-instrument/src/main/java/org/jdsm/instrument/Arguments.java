package org.jdsm.instrument;

import java.util.HashMap;
import java.util.Map;
import javassist.bytecode.Descriptor;

/**
 * The int and reference arguments of a static call, read back from the call in straight code, by
 * the parameter slot they land in; arguments of other types are skipped, as are ones not understood.
 *
 * @param bySlot the understood arguments by the callee's local slot
 * @param start  where the evaluation of the first argument begins
 */
record Arguments(Map<Integer, ExprParser.Parsed> bySlot, int start) {

    /** The arguments of the static call {@code call} of a method with {@code descriptor}; null if a jump is in the way. */
    static Arguments of(CodeScan scan, ExprParser parser, Instruction call, String descriptor) {
        int base = scan.depthBefore(call.pos()) - Descriptor.paramSize(descriptor);
        int start = ArrayOperands.operandsEnd(scan, call, base);
        if (start < 0) {
            return null;
        }
        Map<Integer, ExprParser.Parsed> bySlot = new HashMap<>();
        int slot = 0;
        for (int i = 1; descriptor.charAt(i) != ')'; i++) {
            char kind = descriptor.charAt(i);
            while (descriptor.charAt(i) == '[') {
                i++;
            }
            if (descriptor.charAt(i) == 'L') {
                i = descriptor.indexOf(';', i);
            }
            boolean reference = kind == 'L' || kind == '[';
            int size = kind == 'J' || kind == 'D' ? 2 : 1;
            int end = ArrayOperands.operandsEnd(scan, call, base + slot + size);
            ExprParser.Parsed arg = end < 0 ? null : reference ? parser.refBefore(end) : kind == 'I' ? parser.intBefore(end) : null;
            if (arg != null && arg.start() >= start) {
                bySlot.put(slot, arg);
            }
            slot += size;
        }
        return new Arguments(bySlot, start);
    }
}

package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javassist.bytecode.Bytecode;

/**
 * Checks around calls of {@code java.util.Arrays}, which read and write array elements out of
 * sight of the per-access checks: before the call, every array argument is checked, read or
 * written as the method does, over the range {@code [from, to)} when the array is followed by two
 * {@code int}s (the JDK's convention) and whole otherwise. {@code asList} would hand out a live,
 * unchecked view, so it refuses shared arrays, naming the call site.
 */
final class ArraysCalls {

    /** The methods that write their array arguments (the first, for all of them). */
    static final Set<String> WRITERS = Set.of("fill", "sort", "parallelSort", "setAll", "parallelSetAll",
            "parallelPrefix");
    /**
     * Methods that hand out the elements themselves (a stream, a copy): a reference array's
     * elements may be changed through them, so the check writes them then ({@code Checks.handOutAll}).
     */
    private static final Set<String> HAND_OUT = Set.of("stream", "spliterator", "copyOf", "copyOfRange");
    /** Methods that also read the arrays an {@code Object[]} holds (rows of a 2-D array, say). */
    private static final Set<String> DEEP = Set.of("deepEquals", "deepHashCode", "deepToString");
    private static final String CHECKS = CheckCode.CHECKS;

    private ArraysCalls() {
    }

    /**
     * The method a call of {@code Arrays.name} becomes, with the same parameters, so that the job's
     * code it runs runs on the calling thread, whose accesses are checked: {@code setAll} for
     * {@code parallelSetAll}, whose generator ({@code k -> shared[k]}) the common fork-join pool's
     * threads would run unchecked, reading stale copies. Null: the call stays. Either order of
     * the elements' computation is one {@code parallelSetAll} may take.
     */
    static String sequential(String name) {
        return name.equals("parallelSetAll") ? "setAll" : null;
    }

    /**
     * Before a call of {@code Arrays.name} with {@code descriptor} at {@code site}: parks the
     * arguments in new locals, checks the arrays among them and puts them back. Returns the locals,
     * one per parameter, which still hold the arguments after the call.
     */
    static int[] check(Bytecode code, String name, String descriptor, Locals locals, String site) {
        return checkArguments(code, descriptor, locals, (params, slots, p) -> checkArray(code, name, params, slots, p, site));
    }

    /** True for a writer ({@link #WRITERS}) whose first argument is an array of objects, whose elements it may move. */
    static boolean movesElements(String name, String descriptor) {
        return WRITERS.contains(name) && isObjectArray(descriptor.substring(1));
    }

    /** True if {@code type} (a descriptor, or one that starts with it) is an array of objects or of arrays. */
    static boolean isObjectArray(String type) {
        return type.startsWith("[L") || type.startsWith("[[");
    }

    /** Emits the check of array argument {@code p} of a call, parked in {@code slots} (one per parameter). */
    interface ArgumentCheck {
        void emit(List<String> params, int[] slots, int p);
    }

    /**
     * Before a call with {@code descriptor}: parks the arguments (not a receiver, which stays below
     * them) in new locals, has {@code check} emit code for each array among them and puts them back.
     */
    static int[] checkArguments(Bytecode code, String descriptor, Locals locals, ArgumentCheck check) {
        return checkArguments(code, descriptor, locals, (p, param) -> param.startsWith("["), check);
    }

    /** Which parameters of a call to check: {@code p} is the parameter's index, {@code param} its descriptor. */
    interface CheckedParameter {
        boolean test(int p, String param);
    }

    /** {@link #checkArguments(Bytecode, String, Locals, ArgumentCheck)} of the parameters {@code checked} picks, not only the arrays. */
    static int[] checkArguments(Bytecode code, String descriptor, Locals locals, CheckedParameter checked, ArgumentCheck check) {
        List<String> params = parameters(descriptor);
        int[] slots = new int[params.size()];
        for (int p = 0; p < params.size(); p++) {
            slots[p] = locals.allocate(ValueKind.ofDescriptor(params.get(p)).slots());
        }
        for (int p = params.size() - 1; p >= 0; p--) {
            ValueKind.ofDescriptor(params.get(p)).store(code, slots[p]);
        }
        for (int p = 0; p < params.size(); p++) {
            if (checked.test(p, params.get(p))) {
                check.emit(params, slots, p);
            }
        }
        for (int p = 0; p < params.size(); p++) {
            ValueKind.ofDescriptor(params.get(p)).load(code, slots[p]);
        }
        return slots;
    }

    private static void checkArray(Bytecode code, String name, List<String> params, int[] slots, int p, String site) {
        code.addAload(slots[p]);
        if (name.equals("asList")) {
            refuseView(code, "Arrays.asList", site);
            return;
        }
        boolean ranged = p + 2 < params.size() && params.get(p + 1).equals("I") && params.get(p + 2).equals("I");
        if (ranged) {
            code.addIload(slots[p + 1]);
            code.addIload(slots[p + 2]);
        }
        if (HAND_OUT.contains(name)) {
            code.addInvokestatic(CHECKS, ranged ? "handOutRange" : "handOutAll",
                    ranged ? "(Ljava/lang/Object;II)V" : "(Ljava/lang/Object;)V");
            return;
        }
        code.addIconst(WRITERS.contains(name) ? 1 : 0);
        if (ranged) {
            code.addInvokestatic(CHECKS, "bulkRange", "(Ljava/lang/Object;IIZ)V");
        } else {
            code.addInvokestatic(CHECKS, DEEP.contains(name) ? "bulkDeep" : "bulkAll", "(Ljava/lang/Object;Z)V");
        }
    }

    /** With the array on top: a {@code DsmException} naming {@code call} and {@code site} if it is shared ({@code Checks.refuseView}). */
    static void refuseView(Bytecode code, String call, String site) {
        code.addLdc(call);
        code.addLdc(site);
        code.addInvokestatic(CHECKS, "refuseView", "(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)V");
    }

    /** The parameter descriptors of a method descriptor, in order. */
    static List<String> parameters(String descriptor) {
        List<String> out = new ArrayList<>();
        int i = 1;
        while (descriptor.charAt(i) != ')') {
            int start = i;
            while (descriptor.charAt(i) == '[') {
                i++;
            }
            i = descriptor.charAt(i) == 'L' ? descriptor.indexOf(';', i) + 1 : i + 1;
            out.add(descriptor.substring(start, i));
        }
        return out;
    }
}

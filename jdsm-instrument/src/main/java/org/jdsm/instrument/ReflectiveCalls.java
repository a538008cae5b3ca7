package org.jdsm.instrument;

import java.lang.invoke.VarHandle;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javassist.bytecode.Bytecode;

/**
 * Checks around calls that read or write a field or element by reflection or through a handle,
 * out of sight of the per-access checks: {@code VarHandle}'s access modes ({@code vh.set(a, i,
 * v)}, {@code getAndAdd}, ...), {@code MethodHandle.invoke}/{@code invokeExact}/{@code
 * invokeWithArguments} (an {@code arrayElementSetter}, say) and {@code bindTo}, {@code
 * Method.invoke}, {@code java.lang.reflect.Array}'s and {@code Field}'s getters and setters, and
 * the atomic field updaters. Before the call the object reached (the first argument; every
 * reference argument of a {@code MethodHandle} or {@code Method.invoke}, whose target is unknown,
 * also each in the array or list of {@code invokeWithArguments}) is checked, read if
 * the call only gets, else written: the element an index after it names ({@code
 * Checks.reflectiveElement}: {@code vh.set(a, i, v)}, {@code Array.setInt(a, i, v)}), or whole
 * ({@code Checks.reflective}).
 */
final class ReflectiveCalls {

    private static final String VAR_HANDLE = "java.lang.invoke.VarHandle";
    private static final String METHOD_HANDLE = "java.lang.invoke.MethodHandle";
    /** {@code MethodHandle}'s methods that call its target, whose use of its arguments is not known, or bind one. */
    private static final Set<String> HANDLE_ARGUMENTS = Set.of("invoke", "invokeExact", "invokeWithArguments", "bindTo");
    private static final String METHOD = "java.lang.reflect.Method";
    /** The {@code VarHandle} methods of its access modes, which javac compiles with the call's own descriptor. */
    private static final Set<String> ACCESS_MODES = Stream.of(VarHandle.AccessMode.values())
            .map(VarHandle.AccessMode::methodName).collect(Collectors.toUnmodifiableSet());
    private static final Set<String> READ_MODES = EnumSet.of(VarHandle.AccessMode.GET, VarHandle.AccessMode.GET_VOLATILE,
            VarHandle.AccessMode.GET_ACQUIRE, VarHandle.AccessMode.GET_OPAQUE).stream()
            .map(VarHandle.AccessMode::methodName).collect(Collectors.toUnmodifiableSet());
    /** Classes whose methods take the object they get or set as their first parameter, an {@code Object}. */
    private static final Set<String> FIRST_ARGUMENT_OWNERS = Set.of("java.lang.reflect.Array", "java.lang.reflect.Field",
            "java.util.concurrent.atomic.AtomicIntegerFieldUpdater", "java.util.concurrent.atomic.AtomicLongFieldUpdater",
            "java.util.concurrent.atomic.AtomicReferenceFieldUpdater");
    private static final String OBJECT = "Ljava/lang/Object;";

    private ReflectiveCalls() {
    }

    /** True for a call that gets or sets a field or element of (one of) its arguments ({@link ReflectiveCalls}). */
    static boolean applies(CallRef call) {
        if (call.owner().equals(VAR_HANDLE)) {
            return ACCESS_MODES.contains(call.name()) && isReference(firstParameter(call));
        }
        if (call.owner().equals(METHOD_HANDLE)) {
            return HANDLE_ARGUMENTS.contains(call.name());
        }
        if (call.owner().equals(METHOD)) {
            return call.name().equals("invoke");
        }
        return FIRST_ARGUMENT_OWNERS.contains(call.owner()) && OBJECT.equals(firstParameter(call))
                && (call.name().startsWith("get") || call.name().startsWith("set") || call.owner().endsWith("FieldUpdater"))
                && !call.name().equals("getLength"); // an array's length never changes
    }

    /** True if {@code call}, which {@link #applies}, may write what it reaches: all but a get. */
    static boolean writes(CallRef call) {
        return unknownTarget(call)
                || !(call.owner().equals(VAR_HANDLE) ? READ_MODES.contains(call.name()) : isGetter(call.name()));
    }

    /** True if parameter {@code p} (of type {@code param}) of {@code call}, which {@link #applies}, is an object it reaches. */
    static boolean reaches(CallRef call, int p, String param) {
        return (unknownTarget(call) || p == 0) && isReference(param);
    }

    /**
     * Before {@code call}, which {@link #applies}: checks the objects it reaches, its arguments left
     * as they were: those in the array or list that {@code invokeWithArguments} and {@code
     * Method.invoke} take one by one ({@code Checks.reflectiveEach}).
     */
    static void check(Bytecode code, CallRef call, Locals locals) {
        boolean unknown = unknownTarget(call);
        boolean write = writes(call);
        ArraysCalls.checkArguments(code, call.descriptor(), locals, (p, param) -> reaches(call, p, param),
                (List<String> params, int[] slots, int p) -> {
                    code.addAload(slots[p]);
                    boolean indexed = !unknown && params.size() > 1 && params.get(1).equals("I"); // (array, index, ...)
                    boolean each = call.owner().equals(METHOD) || call.name().equals("invokeWithArguments");
                    if (indexed) {
                        code.addIload(slots[1]);
                    }
                    code.addIconst(write ? 1 : 0);
                    if (each && p == params.size() - 1) { // (Object[]) or (List), Method.invoke's (Object, Object[])
                        code.addInvokestatic(CheckCode.CHECKS, "reflectiveEach", "(Ljava/lang/Object;Z)V");
                    } else {
                        code.addInvokestatic(CheckCode.CHECKS, indexed ? "reflectiveElement" : "reflective",
                                indexed ? "(Ljava/lang/Object;IZ)V" : "(Ljava/lang/Object;Z)V");
                    }
                });
    }

    /** A {@code MethodHandle}'s call or binding, or {@code Method.invoke}: what the target does with its arguments is not known. */
    private static boolean unknownTarget(CallRef call) {
        return call.owner().equals(METHOD_HANDLE) || call.owner().equals(METHOD);
    }

    /** {@code Field.getInt}, {@code Array.get}, an updater's {@code get}: not {@code getAndAdd}, {@code getAndSet}, .... */
    private static boolean isGetter(String name) {
        return name.startsWith("get") && !name.startsWith("getAnd");
    }

    private static String firstParameter(CallRef call) {
        List<String> params = ArraysCalls.parameters(call.descriptor());
        return params.isEmpty() ? "" : params.get(0);
    }

    private static boolean isReference(String param) {
        return param.startsWith("L") || param.startsWith("[");
    }
}

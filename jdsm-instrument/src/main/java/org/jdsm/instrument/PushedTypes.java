package org.jdsm.instrument;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javassist.bytecode.Descriptor;
import javassist.bytecode.Opcode;

/**
 * Whether a reference a method pushes may be an array, from the types its bytecode names: a
 * field's type, an array's component ({@code m[i]} of a {@code long[][]}), what a local was given
 * or a parameter is declared as, a call's return type. So a row of an array of arrays handed on
 * as an {@code Object} ({@code rows.add(m[i])}) is told from an element of an {@code Object[]}
 * ({@code rows.add(cells[i])}), which knows its block itself. A type that is not known counts as
 * may-be-array, but a JDK call's {@code Object} result does not ({@code list.add(it.next())}: only an
 * array-typed result is taken as a row, see {@link WrittenThrough#escapedArray}); one of a method of
 * the job's does ({@code rows.add(pick(i))}), whose callee then checks what it returns.
 */
final class PushedTypes {

    /** The types an array may be given as, besides an array type. */
    private static final Set<String> ARRAY_SUPERTYPES = Set.of("Ljava/lang/Object;", "Ljava/lang/Cloneable;",
            "Ljava/io/Serializable;");

    private final CodeScan scan;
    /** Per local slot of the method's parameters ({@code this} included): its type descriptor, null for a second slot. */
    private final String[] parameterTypes;
    /** The {@code astore}s into each local slot, gathered at the first question (null until then). */
    private Map<Integer, List<Instruction>> stores;

    /** For a method of {@code className} with {@code descriptor}. */
    PushedTypes(CodeScan scan, String className, String descriptor, boolean isStatic) {
        this.scan = scan;
        List<String> params = ArraysCalls.parameters(descriptor);
        parameterTypes = new String[(isStatic ? 0 : 1) + Descriptor.paramSize(descriptor)];
        int slot = 0;
        if (!isStatic) {
            parameterTypes[slot++] = Descriptor.of(className);
        }
        for (String param : params) {
            parameterTypes[slot] = param;
            slot += Descriptor.dataSize(param);
        }
    }

    /** True if a value of type {@code type} (a descriptor) may be an array: an array type, {@code Object}, {@code Cloneable} or {@code Serializable}. */
    static boolean mayHoldArray(String type) {
        return type.startsWith("[") || ARRAY_SUPERTYPES.contains(type);
    }

    /**
     * True unless {@code pushed} surely pushes something other than an array. A call of the JDK
     * counts only if typed as returning an array ({@code list.add(it.next())} does not), a call of
     * a method of the job's also if typed {@code Object} ({@code rows.add(pick(i))}), also through
     * a local ({@code for (Cell c : list) out.add(c)}), unless a cast names the type.
     */
    boolean mayBeArray(Instruction pushed) {
        return mayBeArray(pushed, new HashSet<>());
    }

    private boolean mayBeArray(Instruction pushed, Set<Integer> seen) {
        if (pushed != null && isCall(pushed.opcode())) {
            String type = typeOf(pushed, new HashSet<>());
            // A method of the job's is asked about its result (WrittenThrough#writesResultOf): Object pick(i) { return m[i]; }
            return type.startsWith("[") || mayHoldArray(type)
                    && !ReceiverWrites.isJdk(CallRef.of(scan.constPool(), scan.u16At(pushed)).owner());
        }
        int slot = pushed == null ? -1 : scan.referenceLoadSlot(pushed);
        if (slot < 0) {
            String type = typeOf(pushed, new HashSet<>());
            return type == null || mayHoldArray(type);
        }
        if (!seen.add(pushed.pos())) {
            return false; // counted where first met
        }
        if (slot < parameterTypes.length && parameterTypes[slot] != null && mayHoldArray(parameterTypes[slot])) {
            return true;
        }
        for (Instruction store : storesTo(slot)) {
            String cast = castBefore(store);
            if (cast != null ? mayHoldArray(cast)
                    : StackOrigin.pushers(scan, store, 0).stream().anyMatch(value -> mayBeArray(value, seen))) {
                return true;
            }
        }
        return false;
    }

    /** The type {@code pushed} pushes, as a descriptor; null if not known. */
    private String typeOf(Instruction pushed, Set<Integer> seen) {
        if (pushed == null || !seen.add(pushed.pos())) {
            return null;
        }
        int op = pushed.opcode();
        if (op == Opcode.GETFIELD || op == Opcode.GETSTATIC) {
            return scan.constPool().getFieldrefType(scan.u16At(pushed));
        }
        if (op == Opcode.INVOKEDYNAMIC || isCall(op)) {
            String descriptor = op == Opcode.INVOKEDYNAMIC ? scan.constPool().getInvokeDynamicType(scan.u16At(pushed))
                    : CallRef.of(scan.constPool(), scan.u16At(pushed)).descriptor();
            return descriptor.substring(descriptor.indexOf(')') + 1);
        }
        if (op == Opcode.AALOAD) {
            String array = typeOf(StackOrigin.sourceOf(scan, pushed), seen);
            return array != null && array.startsWith("[") ? array.substring(1) : null;
        }
        if (op == Opcode.ANEWARRAY) {
            return "[" + descriptorOf(scan.constPool().getClassInfo(scan.u16At(pushed)));
        }
        if (op == Opcode.MULTIANEWARRAY) {
            return descriptorOf(scan.constPool().getClassInfo(scan.u16At(pushed)));
        }
        if (op == Opcode.NEW) {
            return descriptorOf(scan.constPool().getClassInfo(scan.u16At(pushed)));
        }
        int slot = scan.referenceLoadSlot(pushed);
        return slot >= 0 ? localType(slot, seen) : null;
    }

    /** The type every value local {@code slot} is given has (a parameter's declared type among them); null if they differ or one is not known. */
    private String localType(int slot, Set<Integer> seen) {
        String type = slot < parameterTypes.length ? parameterTypes[slot] : null;
        boolean given = type != null;
        for (Instruction store : storesTo(slot)) {
            String cast = castBefore(store);
            for (Instruction value : cast != null ? List.<Instruction>of() : StackOrigin.pushers(scan, store, 0)) {
                String valueType = typeOf(value, seen);
                if (valueType == null || given && !valueType.equals(type)) {
                    return null;
                }
                type = valueType;
                given = true;
            }
            if (cast != null) {
                if (given && !cast.equals(type)) {
                    return null;
                }
                type = cast;
                given = true;
            }
        }
        return type;
    }

    /** The {@code astore}s into local {@code slot}. */
    private List<Instruction> storesTo(int slot) {
        if (stores == null) {
            stores = scan.instructions().stream().filter(insn -> scan.referenceStoreSlot(insn) >= 0)
                    .collect(Collectors.groupingBy(scan::referenceStoreSlot));
        }
        return stores.getOrDefault(slot, List.of());
    }

    /** The type a {@code checkcast} right before {@code store} names ({@code Cell c = (Cell) it.next()}); null if none. */
    private String castBefore(Instruction store) {
        Instruction before = scan.before(store.pos());
        return before != null && before.opcode() == Opcode.CHECKCAST && !scan.isBranchTarget(store.pos())
                ? descriptorOf(scan.constPool().getClassInfo(scan.u16At(before))) : null;
    }

    /** The descriptor of a class named as the constant pool gives it ({@code java.lang.String}, {@code [Ljava.lang.String;}). */
    private static String descriptorOf(String classInfo) {
        return classInfo.startsWith("[") ? classInfo.replace('.', '/') : Descriptor.of(classInfo);
    }

    private static boolean isCall(int op) {
        return op >= Opcode.INVOKEVIRTUAL && op <= Opcode.INVOKEINTERFACE;
    }
}

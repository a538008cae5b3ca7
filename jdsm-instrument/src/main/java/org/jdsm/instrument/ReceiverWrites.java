package org.jdsm.instrument;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javassist.ClassPool;
import javassist.CtMethod;
import javassist.Modifier;
import javassist.NotFoundException;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.CodeAttribute;
import javassist.bytecode.Descriptor;
import javassist.bytecode.Opcode;

/**
 * Which calls may change the object they are made on (its fields, or what they hold), so that a
 * call on an element of a shared array or on an object in a shared object's field
 * ({@code cells[i].move(dt)}, {@code holder.inner.increment()}) is checked for writing, and a
 * getter's for reading. Decided from the code of the method the call resolves to in the receiver's
 * static type or its superclasses ({@link ThisWrites}); an override in a subclass is not looked at.
 * Counted as may-write, since nothing tells otherwise: a call through an interface (the
 * implementation is not known), a default or abstract method, one without code or whose class is
 * not found, a call back into a method being looked at or deeper than {@link #MAX_DEPTH}, and any
 * method of the JDK but the few known to change nothing ({@link #changesNothing}). The same
 * analysis tells whether a call may change an argument ({@link #mayWriteArgument}). Answers are kept per method, for every class the rewriter rewrites.
 */
final class ReceiverWrites {

    private static final int MAX_DEPTH = 8;
    /** Classes whose code is not looked at: only those known to change nothing are taken at their word. */
    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    /** Final classes whose instances never change (String's lazily cached hash aside). */
    private static final Set<String> UNCHANGING = Set.of("java.lang.String", "java.lang.Integer", "java.lang.Long",
            "java.lang.Double", "java.lang.Float", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
            "java.lang.Boolean");
    /**
     * The JDK's static methods that change the collection passed as their first argument
     * ({@code Collections.sort(holder.list)}): a newcomer's way to reorder or fill a shared list.
     */
    private static final Map<String, Set<String>> JDK_FIRST_ARGUMENT_WRITERS = Map.of("java.util.Collections",
            Set.of("sort", "shuffle", "reverse", "swap", "fill", "rotate", "copy", "addAll", "replaceAll"));
    /** Object's methods that call nothing back (toString calls hashCode, which a class may override). */
    private static final Set<String> OBJECT_QUERIES = Set.of("getClass", "hashCode", "equals");

    private final ClassPool types;
    /** Per method ({@code class.name + descriptor}): may it change its object. */
    private final Map<String, Boolean> answers = new HashMap<>();
    /** The methods being looked at, callers first. */
    private final Set<String> open = new HashSet<>();

    ReceiverWrites(ClassPool types) {
        this.types = types;
    }

    /** True unless the instance call {@code call} made by {@code opcode} surely leaves its receiver unchanged. */
    boolean mayWrite(int opcode, CallRef call) {
        if (call.owner().startsWith("[")) {
            return false; // an array's clone(), getClass(), ...: Object's, on an array of its own
        }
        if (opcode == Opcode.INVOKEINTERFACE) {
            return true;
        }
        return mayChange(call, 0, true);
    }

    /**
     * True unless {@code call} made by {@code opcode} surely leaves the object or array passed as
     * its parameter {@code param} (from 0, the receiver not counted) unchanged, decided as for a
     * receiver from the code of the method the call resolves to ({@code static void kick(Particle
     * p) { p.vx += ...; }}, {@code clear(double[] row)}). The JDK's methods are taken as changing no
     * argument but the first of {@link #JDK_FIRST_ARGUMENT_WRITERS}: those that write arrays
     * ({@code System.arraycopy}, {@code Arrays}) are checked apart, and the rest would make every
     * {@code list.add(cells[i])} a write.
     */
    boolean mayWriteArgument(int opcode, CallRef call, int param) {
        if (isJdk(call.owner())) {
            return opcode == Opcode.INVOKESTATIC && param == 0
                    && JDK_FIRST_ARGUMENT_WRITERS.getOrDefault(call.owner(), Set.of()).contains(call.name());
        }
        if (call.owner().startsWith("[")) {
            return false;
        }
        if (opcode == Opcode.INVOKEINTERFACE) {
            return true;
        }
        List<String> params = ArraysCalls.parameters(call.descriptor());
        int slot = opcode == Opcode.INVOKESTATIC ? 0 : 1;
        for (int p = 0; p < param; p++) {
            slot += Descriptor.dataSize(params.get(p));
        }
        return mayChange(call, slot, false);
    }

    /**
     * True if the instance call {@code call} resolves to a {@code synchronized} method of the
     * job's classes (read from the class as compiled, before the rewriter lowers it): its monitor
     * is the object it is called on.
     */
    boolean isSynchronized(CallRef call) {
        if (call.owner().startsWith("[")) {
            return false;
        }
        CtMethod method = resolve(call);
        return method != null && !isJdk(method.getDeclaringClass().getName()) && Modifier.isSynchronized(method.getModifiers());
    }

    /**
     * {@code call} named by the class that declares the method it resolves to, if that is a JDK class
     * and the call names a job class ({@code dice.nextBytes(b)} with {@code Dice extends Random}:
     * javac names {@code Dice}); else {@code call} itself. The JDK's code runs either way.
     */
    CallRef asDeclared(CallRef call) {
        if (isJdk(call.owner()) || call.owner().startsWith("[")) {
            return call;
        }
        CtMethod method = resolve(call);
        String declaring = method == null ? null : method.getDeclaringClass().getName();
        return declaring != null && isJdk(declaring) ? new CallRef(declaring, call.name(), call.descriptor()) : call;
    }

    /** The method {@code call} resolves to, or null if it cannot be found. */
    private CtMethod resolve(CallRef call) {
        try {
            return types.get(call.owner()).getMethod(call.name(), call.descriptor());
        } catch (NotFoundException e) {
            return null;
        }
    }

    /**
     * True unless the call {@code call} of a method without parameters that returns a reference
     * (a getter, {@code ledger.getEntries()}, {@code holder.list.iterator()}) surely returns
     * something that is not part of its receiver: a new object, null or a constant in every
     * {@code return} of the method it resolves to, or a string or a box. Changing what such a call
     * returns changes its receiver ({@code ledger.getEntries().add(x)}).
     */
    boolean mayReturnPart(int opcode, CallRef call) {
        String returned = call.descriptor().substring(call.descriptor().indexOf(')') + 1);
        if (call.owner().startsWith("[") || UNCHANGING.contains(Descriptor.toClassName(returned))) {
            return false; // an array's clone() is a copy; strings and boxes never change
        }
        if (opcode == Opcode.INVOKEINTERFACE) {
            return true;
        }
        CtMethod method = resolve(call);
        if (method == null) {
            return true;
        }
        String declaring = method.getDeclaringClass().getName();
        if (isJdk(declaring)) {
            return !UNCHANGING.contains(declaring);
        }
        String key = declaring + "." + call.name() + call.descriptor() + "#returned";
        return answers.computeIfAbsent(key, k -> {
            CodeAttribute code = method.getMethodInfo2().getCodeAttribute();
            try {
                return code == null || returnsAnythingButNew(new CodeScan(code));
            } catch (BadBytecode | RuntimeException e) {
                return true;
            }
        });
    }

    private static boolean returnsAnythingButNew(CodeScan scan) {
        for (Instruction insn : scan.instructions()) {
            if (insn.opcode() == Opcode.ARETURN) {
                Instruction value = StackOrigin.pusher(scan, insn, 0);
                int op = value == null ? -1 : scan.opcodeAt(value.pos());
                if (op != Opcode.NEW && op != Opcode.ACONST_NULL && op != Opcode.LDC && op != Opcode.LDC_W
                        && op != Opcode.NEWARRAY && op != Opcode.ANEWARRAY && op != Opcode.MULTIANEWARRAY) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True unless the method {@code call} resolves to surely leaves what its local {@code slot}
     * holds on entry unchanged; a JDK method changes its receiver ({@code receiver}) unless known
     * to change nothing, and no argument.
     */
    private boolean mayChange(CallRef call, int slot, boolean receiver) {
        CtMethod method = resolve(call);
        if (method == null) {
            return true;
        }
        String declaring = method.getDeclaringClass().getName();
        if (isJdk(declaring)) {
            return receiver && !changesNothing(declaring, call.name());
        }
        String key = declaring + "." + call.name() + call.descriptor() + "#" + slot;
        Boolean known = answers.get(key);
        if (known != null) {
            return known;
        }
        if (open.contains(key) || open.size() >= MAX_DEPTH || method.getDeclaringClass().isInterface()) {
            return true; // a recursion, a long chain, a default method: not followed
        }
        open.add(key);
        boolean answer;
        try {
            CodeAttribute code = method.getMethodInfo2().getCodeAttribute();
            answer = code == null || ThisWrites.in(code, slot, this);
        } catch (BadBytecode | RuntimeException e) {
            answer = true;
        } finally {
            open.remove(key);
        }
        answers.put(key, answer); // a may-write found through an unfollowed call only errs on the safe side
        return answer;
    }

    /** True for the JDK's classes, whose code is not looked at. */
    static boolean isJdk(String className) {
        return JDK_PREFIXES.stream().anyMatch(className::startsWith);
    }

    private static boolean changesNothing(String declaring, String name) {
        return UNCHANGING.contains(declaring) || declaring.equals("java.lang.Object") && OBJECT_QUERIES.contains(name);
    }
}

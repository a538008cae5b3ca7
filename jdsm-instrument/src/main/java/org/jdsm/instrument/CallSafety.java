package org.jdsm.instrument;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javassist.ClassPool;
import javassist.CtMethod;
import javassist.NotFoundException;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.CodeIterator;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;

/**
 * Which calls of one class may reach a JDSM synchronization (barrier, lock, acquire, release, a
 * shared monitor). After such a call the checks a method has cached are forgotten, because the
 * calling thread's permissions may have ended; a call that cannot synchronize keeps them, which
 * matters in loops that call small helpers.
 *
 * <p>A call cannot synchronize if it goes to
 * <ul>
 *   <li>a static method of a JDK class that calls no user code ({@link Math}, the boxes),
 *       {@code System.arraycopy}, or {@code Object}'s constructor;</li>
 *   <li>one of {@code Spmd}'s final queries ({@code myThread()}, {@code threads()}, ...);</li>
 *   <li>a method of this class that cannot be overridden (static, private, final, or of a final
 *       class) and whose own code makes only such calls and takes no monitor.</li>
 * </ul>
 * Anything else may.
 */
final class CallSafety {

    private static final Set<String> PURE_STATIC_OWNERS = Set.of("java.lang.Math", "java.lang.StrictMath",
            "java.lang.Integer", "java.lang.Long", "java.lang.Double", "java.lang.Float", "java.lang.Short",
            "java.lang.Byte", "java.lang.Character", "java.lang.Boolean");
    private static final String SPMD = "org.jdsm.Spmd";
    private static final Set<String> SPMD_QUERIES = Set.of("myNode", "nodes", "threadsPerNode", "threads", "myThread", "args");

    private final ClassFile classFile;
    private final ClassPool types;
    /** Methods of this class ({@code name + descriptor}) proven not to synchronize. */
    private final Set<String> quietMethods = new HashSet<>();
    private final Map<CallRef, Boolean> inherited = new HashMap<>();

    CallSafety(ClassFile classFile, ClassPool types) throws BadBytecode {
        this.classFile = classFile;
        this.types = types;
        findQuietMethods();
    }

    /** True unless the call {@code call} made by instruction {@code opcode} surely cannot synchronize. */
    boolean maySynchronize(int opcode, CallRef call) {
        if (opcode == Opcode.INVOKEDYNAMIC) {
            return true; // string concatenation calls toString(), for one
        }
        if (opcode == Opcode.INVOKESTATIC && (PURE_STATIC_OWNERS.contains(call.owner())
                || call.owner().equals("java.lang.System") && call.name().equals("arraycopy"))
                || call.owner().equals("java.lang.Object") && call.name().equals("<init>")) {
            return false;
        }
        MethodInfo declared = call.owner().equals(classFile.getName()) ? declaredHere(call) : null;
        if (declared != null) {
            return !(quietMethods.contains(call.name() + call.descriptor()) && cannotBeOverridden(opcode, declared));
        }
        return !isSpmdQuery(call);
    }

    private MethodInfo declaredHere(CallRef call) {
        for (MethodInfo m : classFile.getMethods()) {
            if (m.getName().equals(call.name()) && m.getDescriptor().equals(call.descriptor())) {
                return m;
            }
        }
        return null;
    }

    private boolean cannotBeOverridden(int opcode, MethodInfo method) {
        return opcode == Opcode.INVOKESTATIC || opcode == Opcode.INVOKESPECIAL
                || (classFile.getAccessFlags() & AccessFlag.FINAL) != 0
                || (method.getAccessFlags() & (AccessFlag.PRIVATE | AccessFlag.FINAL | AccessFlag.STATIC)) != 0;
    }

    /** {@code Spmd}'s final queries, also when called through a subclass (javac names the receiver's class). */
    private boolean isSpmdQuery(CallRef call) {
        if (!SPMD_QUERIES.contains(call.name())) {
            return false;
        }
        return inherited.computeIfAbsent(call, c -> {
            try {
                CtMethod m = types.get(c.owner()).getMethod(c.name(), c.descriptor());
                return m.getDeclaringClass().getName().equals(SPMD);
            } catch (NotFoundException e) {
                return false; // cannot tell: assume it may synchronize
            }
        });
    }

    /**
     * The greatest set of this class's methods that synchronize neither themselves nor through
     * their calls: start from all and drop offenders until nothing changes (mutual recursion
     * among quiet methods stays quiet).
     */
    private void findQuietMethods() throws BadBytecode {
        for (MethodInfo m : classFile.getMethods()) {
            if (m.getCodeAttribute() != null && (m.getAccessFlags() & AccessFlag.SYNCHRONIZED) == 0) {
                quietMethods.add(m.getName() + m.getDescriptor());
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (MethodInfo m : classFile.getMethods()) {
                String key = m.getName() + m.getDescriptor();
                if (quietMethods.contains(key) && synchronizesDirectly(m)) {
                    quietMethods.remove(key);
                    changed = true;
                }
            }
        }
    }

    private boolean synchronizesDirectly(MethodInfo m) throws BadBytecode {
        CodeIterator it = m.getCodeAttribute().iterator();
        while (it.hasNext()) {
            int pos = it.next();
            int op = it.byteAt(pos);
            if (op == Opcode.MONITORENTER || op == Opcode.MONITOREXIT) {
                return true;
            }
            if (op >= Opcode.INVOKEVIRTUAL && op <= Opcode.INVOKEDYNAMIC
                    && (op == Opcode.INVOKEDYNAMIC || maySynchronize(op, CallRef.of(m.getConstPool(), it.u16bitAt(pos + 1))))) {
                return true;
            }
        }
        return false;
    }
}

package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.BootstrapMethodsAttribute;
import javassist.bytecode.BootstrapMethodsAttribute.BootstrapMethod;
import javassist.bytecode.Bytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.CodeIterator;
import javassist.bytecode.ConstPool;
import javassist.bytecode.Descriptor;
import javassist.bytecode.DuplicateMemberException;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;

/**
 * Method references to JDK methods that take arrays ({@code rows.forEach(Arrays::sort)}, {@code
 * map(Arrays::toString)}, {@code String::new} over {@code char[]}s): the JDK calls them with no
 * check, since no invoke of the class names them. Each such reference is pointed at a bridge, a
 * private static method of the class ({@code jdsm$ref$N}) that makes the same call and is
 * rewritten like any other method, so the call gets the checks it gets when written out ({@link
 * ArraysCalls}, {@link JdkArrayCalls}). A lambda's body is the class's own method already.
 * <p>
 * Likewise references to methods of the job's classes that return what may be an array ({@code
 * IntFunction<long[]> f = this::row}, {@code mapToObj(grid::row)}): a caller that writes the result
 * names the interface's method ({@code apply(I)}), which the method does not answer to, and the JDK
 * names nothing. The bridge is a lambda body ({@link LambdaResults#isBody}), so the row it returns
 * is write-checked, as for {@code i -> m[i]}.
 */
final class JdkMethodReferences {

    private static final String METAFACTORY = "java.lang.invoke.LambdaMetafactory";
    /** The bridges' names' start. */
    static final String BRIDGE = "jdsm$ref$";
    /** {@code LambdaMetafactory.FLAG_SERIALIZABLE}. */
    private static final int FLAG_SERIALIZABLE = 1;

    private JdkMethodReferences() {
    }

    /**
     * Adds the bridges to {@code cf} and points its JDK method references at them; {@code receivers}
     * tells which class declares a method a reference names through a job class ({@code dice::nextBytes}).
     * One bridge per bootstrap and receiver type: javac shares a bootstrap between {@code
     * rnd::nextBytes} and {@code dice::nextBytes}, whose captured receivers differ, so each call
     * site constant gets a bootstrap of its own type and the invokedynamics naming it are re-pointed.
     */
    static void bridge(ClassFile cf, ReceiverWrites receivers) throws DuplicateMemberException, BadBytecode {
        BootstrapMethodsAttribute attribute = (BootstrapMethodsAttribute) cf.getAttribute(BootstrapMethodsAttribute.tag);
        if (attribute == null) {
            return;
        }
        ConstPool pool = cf.getConstPool();
        List<BootstrapMethod> bootstraps = new ArrayList<>(List.of(attribute.getMethods()));
        Map<String, Integer> bridged = new HashMap<>(); // "bootstrap receiver" -> the new bootstrap
        Map<Integer, Integer> sites = new HashMap<>(); // old call site constant -> new one
        int originals = bootstraps.size();
        for (int i = 1; i < pool.getSize(); i++) {
            if (pool.getTag(i) != ConstPool.CONST_InvokeDynamic) {
                continue;
            }
            int b = pool.getInvokeDynamicBootstrap(i);
            BootstrapMethod bootstrap = b < originals ? bootstraps.get(b) : null;
            if (bootstrap == null || !isMetafactory(pool, bootstrap)) {
                continue;
            }
            int kind = pool.getMethodHandleKind(bootstrap.arguments[1]);
            int target = pool.getMethodHandleIndex(bootstrap.arguments[1]);
            CallRef call = CallRef.of(pool, target);
            if (!takesArrays(kind, receivers.asDeclared(call)) && !returnsRow(kind, call)) {
                continue;
            }
            int nameAndType = pool.getInvokeDynamicNameAndType(i);
            String site = pool.getUtf8Info(pool.getNameAndTypeDescriptor(nameAndType));
            String descriptor = bridgeDescriptor(kind, call, receiverType(call, site));
            Integer copy = bridged.get(b + " " + descriptor);
            if (copy == null) {
                String name = BRIDGE + bridged.size();
                cf.addMethod(bridgeMethod(pool, name, descriptor, kind, target, call));
                int bridgeRef = cf.isInterface()
                        ? pool.addInterfaceMethodrefInfo(pool.addClassInfo(cf.getName()), name, descriptor)
                        : pool.addMethodrefInfo(pool.addClassInfo(cf.getName()), name, descriptor);
                int[] arguments = bootstrap.arguments.clone();
                arguments[1] = pool.addMethodHandleInfo(ConstPool.REF_invokeStatic, bridgeRef);
                bootstraps.add(new BootstrapMethod(bootstrap.methodRef, arguments));
                copy = bootstraps.size() - 1;
                bridged.put(b + " " + descriptor, copy);
            }
            sites.put(i, pool.addInvokeDynamicInfo(copy, nameAndType));
        }
        if (!sites.isEmpty()) {
            cf.addAttribute(new BootstrapMethodsAttribute(pool, bootstraps.toArray(BootstrapMethod[]::new))); // replaces the old one
            repoint(cf, sites);
        }
    }

    /** Points every {@code invokedynamic} of {@code cf} that names a key of {@code sites} at its value. */
    private static void repoint(ClassFile cf, Map<Integer, Integer> sites) throws BadBytecode {
        for (MethodInfo m : cf.getMethods()) {
            if (m.getCodeAttribute() == null) {
                continue;
            }
            CodeIterator it = m.getCodeAttribute().iterator();
            while (it.hasNext()) {
                int pos = it.next();
                if (it.byteAt(pos) == Opcode.INVOKEDYNAMIC && sites.containsKey(it.u16bitAt(pos + 1))) {
                    it.write16bit(sites.get(it.u16bitAt(pos + 1)), pos + 1);
                }
            }
        }
    }

    /**
     * A {@code metafactory} bootstrap, or an {@code altMetafactory} one (marker interfaces, bridges)
     * that is not serializable: a serializable lambda's {@code $deserializeLambda$} names its target.
     */
    private static boolean isMetafactory(ConstPool pool, BootstrapMethod bootstrap) {
        CallRef factory = CallRef.of(pool, pool.getMethodHandleIndex(bootstrap.methodRef));
        if (!factory.owner().equals(METAFACTORY) || bootstrap.arguments.length < 3) {
            return false;
        }
        return factory.name().equals("metafactory") || factory.name().equals("altMetafactory")
                && bootstrap.arguments.length >= 4 && (pool.getIntegerInfo(bootstrap.arguments[3]) & FLAG_SERIALIZABLE) == 0;
    }

    /**
     * True for a reference to a JDK method, constructor or array method one of whose parameters or
     * receiver is an array, or that looks into arrays given otherwise ({@link JdkArrayCalls#applies}).
     */
    private static boolean takesArrays(int kind, CallRef call) {
        if (call.owner().startsWith("[")) {
            return kind != ConstPool.REF_invokeStatic;
        }
        String params = call.descriptor().substring(1, call.descriptor().indexOf(')'));
        return ReceiverWrites.isJdk(call.owner()) && (params.contains("[") || JdkArrayCalls.applies(call))
                && kind != ConstPool.REF_invokeSpecial;
    }

    /**
     * True for a reference to a method of the job's classes (not a constructor, nor one only
     * {@code invokespecial} reaches) that returns what may be an array ({@code this::row}).
     */
    private static boolean returnsRow(int kind, CallRef call) {
        String returned = call.descriptor().substring(call.descriptor().indexOf(')') + 1);
        return !ReceiverWrites.isJdk(call.owner()) && !call.owner().startsWith("[") && PushedTypes.mayHoldArray(returned)
                && (kind == ConstPool.REF_invokeStatic || kind == ConstPool.REF_invokeVirtual
                        || kind == ConstPool.REF_invokeInterface);
    }

    /**
     * The type the bridge takes its receiver as, for an instance method: the type of the receiver
     * a bound reference captures ({@code dice::nextBytes}, the first parameter of the call site's
     * {@code site} descriptor: the metafactory wants it exactly), else the method's class.
     */
    private static String receiverType(CallRef call, String site) {
        List<String> captured = ArraysCalls.parameters(site);
        if (!captured.isEmpty()) {
            return captured.get(0);
        }
        return ownerType(call);
    }

    /** The descriptor of the class {@code call} names (Javassist names array classes by their descriptors already). */
    private static String ownerType(CallRef call) {
        return call.owner().startsWith("[") ? call.owner() : Descriptor.of(call.owner());
    }

    /** The target's descriptor, with {@code receiver} first for an instance method, returning the new object for a constructor. */
    private static String bridgeDescriptor(int kind, CallRef call, String receiver) {
        String descriptor = call.descriptor();
        return switch (kind) {
            case ConstPool.REF_invokeVirtual, ConstPool.REF_invokeInterface -> "(" + receiver + descriptor.substring(1);
            case ConstPool.REF_newInvokeSpecial -> descriptor.substring(0, descriptor.indexOf(')') + 1) + ownerType(call);
            default -> descriptor;
        };
    }

    /** {@code name(descriptor)}: loads its parameters and makes the call the handle made ({@code target}, of {@code kind}). */
    private static MethodInfo bridgeMethod(ConstPool pool, String name, String descriptor, int kind, int target, CallRef call) {
        Bytecode code = new Bytecode(pool);
        if (kind == ConstPool.REF_newInvokeSpecial) {
            code.addNew(call.owner());
            code.addOpcode(Opcode.DUP);
        }
        int slot = 0;
        List<String> params = ArraysCalls.parameters(descriptor);
        for (String param : params) {
            ValueKind value = ValueKind.ofDescriptor(param);
            value.load(code, slot);
            slot += value.slots();
        }
        switch (kind) {
            case ConstPool.REF_invokeStatic -> {
                code.addOpcode(Opcode.INVOKESTATIC);
                code.addIndex(target);
            }
            case ConstPool.REF_invokeVirtual -> {
                code.addOpcode(Opcode.INVOKEVIRTUAL);
                code.addIndex(target);
            }
            case ConstPool.REF_invokeInterface -> {
                code.addOpcode(Opcode.INVOKEINTERFACE);
                code.addIndex(target);
                code.add(slot, 0);
            }
            default -> { // REF_newInvokeSpecial
                code.addOpcode(Opcode.INVOKESPECIAL);
                code.addIndex(target);
            }
        }
        String returned = descriptor.substring(descriptor.indexOf(')') + 1);
        code.addOpcode(returned.equals("V") ? Opcode.RETURN : ValueKind.ofDescriptor(returned).returnOpcode());
        code.setMaxLocals(slot);
        code.setMaxStack(slot + 2);
        MethodInfo method = new MethodInfo(pool, name, descriptor);
        method.setAccessFlags(AccessFlag.PRIVATE | AccessFlag.STATIC | AccessFlag.SYNTHETIC);
        method.setCodeAttribute(code.toCodeAttribute());
        return method;
    }
}

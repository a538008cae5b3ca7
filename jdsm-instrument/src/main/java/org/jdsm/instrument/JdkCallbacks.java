package org.jdsm.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javassist.ClassPool;
import javassist.CtClass;
import javassist.CtMethod;
import javassist.NotFoundException;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.ClassFile;
import javassist.bytecode.MethodInfo;

/**
 * Whether the JDK may call a method of the job's classes and hand on what it returns, as it does
 * with a lambda's body ({@link LambdaResults#isBody}): the method returns what may be an array and
 * implements or overrides a method that a JDK class or interface among its class's supertypes
 * declares with the same name and descriptor ({@code Supplier.get()}, {@code IntFunction.apply(I)},
 * {@code Iterator.next()}, {@code AbstractList.get(I)}; of a generic one, javac's bridge, which
 * calls the method itself). {@code Stream.generate(supplier)}, {@code mapToObj(function)} or
 * {@code Iterable.forEach} then give the row it returns to code that writes it, naming nothing.
 */
final class JdkCallbacks {

    private JdkCallbacks() {
    }

    /** True if the JDK may call {@code method} of {@code cf} and hand on what it returns; {@code types} resolves the supertypes. */
    static boolean mayCall(ClassPool types, ClassFile cf, MethodInfo method) {
        String descriptor = method.getDescriptor();
        if (!method.getName().equals(MethodInfo.nameInit) && (method.getAccessFlags() & (AccessFlag.STATIC | AccessFlag.PRIVATE)) == 0
                && PushedTypes.mayHoldArray(descriptor.substring(descriptor.indexOf(')') + 1))) {
            Deque<String> pending = new ArrayDeque<>(supertypes(cf));
            Set<String> seen = new HashSet<>();
            while (!pending.isEmpty()) {
                String name = pending.pop();
                if (seen.add(name) && !name.equals("java.lang.Object")) {
                    try {
                        CtClass type = types.get(name);
                        if (ReceiverWrites.isJdk(name) && declares(type, method.getName(), descriptor)) {
                            return true;
                        }
                        pending.addAll(supertypes(type.getClassFile2()));
                    } catch (NotFoundException e) {
                        // not on the class path: its methods are not known
                    }
                }
            }
        }
        return false;
    }

    private static boolean declares(CtClass type, String name, String descriptor) throws NotFoundException {
        for (CtMethod m : type.getDeclaredMethods(name)) {
            if (m.getMethodInfo2().getDescriptor().equals(descriptor)
                    && (m.getModifiers() & (AccessFlag.STATIC | AccessFlag.PRIVATE)) == 0) {
                return true;
            }
        }
        return false;
    }

    private static List<String> supertypes(ClassFile cf) {
        List<String> names = new ArrayList<>(List.of(cf.getInterfaces()));
        if (cf.getSuperclass() != null) {
            names.add(cf.getSuperclass());
        }
        return names;
    }
}

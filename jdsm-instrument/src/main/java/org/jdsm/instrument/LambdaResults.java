package org.jdsm.instrument;

import java.util.HashMap;
import java.util.Map;
import javassist.bytecode.BootstrapMethodsAttribute;
import javassist.bytecode.ClassFile;
import javassist.bytecode.ConstPool;

/**
 * The names under which callers ask a class's lambda bodies about their results: a lambda's
 * body ({@code lambda$start$0}) is only called through its functional interface's method, so
 * {@code Supplier<Cell> s = () -> cells[i]; s.get().v = x} names {@code get()}, and the body's
 * returned loads must answer to that name ({@link CheckCode#resultKey}).
 */
final class LambdaResults {

    private static final String METAFACTORY = "java.lang.invoke.LambdaMetafactory";

    private LambdaResults() {
    }

    /**
     * True for the name of a lambda's body ({@code lambda$start$0}) or of a method reference's
     * bridge ({@link JdkMethodReferences}): called through its interface, also by the JDK ({@code
     * mapToObj(i -> m[i])}), whose use of the result nothing sees.
     */
    static boolean isBody(String methodName) {
        return methodName.startsWith("lambda$") || methodName.startsWith(JdkMethodReferences.BRIDGE);
    }

    /** Per lambda body of {@code cf} ({@code name + descriptor}): the result key of the interface method it implements. */
    static Map<String, String> of(ClassFile cf) {
        Map<String, String> keys = new HashMap<>();
        BootstrapMethodsAttribute attribute = (BootstrapMethodsAttribute) cf.getAttribute(BootstrapMethodsAttribute.tag);
        if (attribute == null) {
            return keys;
        }
        ConstPool pool = cf.getConstPool();
        BootstrapMethodsAttribute.BootstrapMethod[] bootstraps = attribute.getMethods();
        for (int i = 1; i < pool.getSize(); i++) {
            if (pool.getTag(i) != ConstPool.CONST_InvokeDynamic) {
                continue;
            }
            BootstrapMethodsAttribute.BootstrapMethod bootstrap = bootstraps[pool.getInvokeDynamicBootstrap(i)];
            if (!CallRef.of(pool, pool.getMethodHandleIndex(bootstrap.methodRef)).owner().equals(METAFACTORY)
                    || bootstrap.arguments.length < 2) {
                continue;
            }
            CallRef body = CallRef.of(pool, pool.getMethodHandleIndex(bootstrap.arguments[1]));
            if (body.owner().equals(cf.getName()) && isBody(body.name())) {
                String samName = pool.getUtf8Info(pool.getNameAndTypeName(pool.getInvokeDynamicNameAndType(i)));
                String samDescriptor = pool.getUtf8Info(pool.getMethodTypeInfo(bootstrap.arguments[0]));
                keys.put(body.name() + body.descriptor(), CheckCode.resultKey(samName, samDescriptor));
            }
        }
        return keys;
    }
}

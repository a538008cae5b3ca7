package org.jdsm.instrument;

import javassist.bytecode.AccessFlag;
import javassist.bytecode.Bytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.DuplicateMemberException;
import javassist.bytecode.FieldInfo;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;

/**
 * Gives a job class the slot its instances keep as elements of a shared {@code Object[]}
 * ({@code org.jdsm.runtime.SlotAware}): a private transient field, which neither travels nor counts
 * as content, and its accessors. Only a class that extends {@code Object} directly gets it (its
 * subclasses inherit it); records, enums and classes extending a JDK class are replaced rather than
 * changed in place when fetched, so a reference kept to one is not the element anyway.
 */
final class SlotMembers {

    /** By name: the offline instrumenter runs without the JDSM runtime on its class path. */
    static final String INTERFACE = "org.jdsm.runtime.SlotAware";
    /** The slot's type, {@code org.jdsm.runtime.ElementBlock}. */
    static final String BLOCK = "Lorg/jdsm/runtime/ElementBlock;";
    /** The slot's getter, named as its field. */
    static final String GETTER = "jdsm$slot";
    private static final String FIELD = GETTER;

    private SlotMembers() {
    }

    /** Adds the slot to {@code cf} if its instances can be elements changed in place. */
    static void addTo(ClassFile cf) throws DuplicateMemberException {
        if (cf.isInterface() || (cf.getAccessFlags() & (AccessFlag.ENUM | AccessFlag.ANNOTATION)) != 0
                || !cf.getSuperclass().equals("java.lang.Object")) {
            return;
        }
        // Not synthetic: the wire format takes a synthetic instance field for an inner class's captured variable.
        FieldInfo field = new FieldInfo(cf.getConstPool(), FIELD, BLOCK);
        field.setAccessFlags(AccessFlag.PRIVATE | AccessFlag.TRANSIENT);
        cf.addField(field);
        cf.addInterface(INTERFACE);

        Bytecode get = new Bytecode(cf.getConstPool(), 1, 1);
        get.addAload(0);
        get.addGetfield(cf.getName(), FIELD, BLOCK);
        get.addOpcode(Opcode.ARETURN);
        cf.addMethod(method(cf, GETTER, "()" + BLOCK, get));

        Bytecode set = new Bytecode(cf.getConstPool(), 2, 2);
        set.addAload(0);
        set.addAload(1);
        set.addPutfield(cf.getName(), FIELD, BLOCK);
        set.addOpcode(Opcode.RETURN);
        cf.addMethod(method(cf, "jdsm$setSlot", "(" + BLOCK + ")V", set));
    }

    private static MethodInfo method(ClassFile cf, String name, String descriptor, Bytecode code) {
        MethodInfo m = new MethodInfo(cf.getConstPool(), name, descriptor);
        m.setAccessFlags(AccessFlag.PUBLIC | AccessFlag.SYNTHETIC);
        m.setCodeAttribute(code.toCodeAttribute());
        return m;
    }
}

package org.jdsm.instrument;

import javassist.bytecode.ConstPool;

/**
 * The method an invoke instruction names.
 *
 * @param owner      the class named in the reference, dotted ({@code java.lang.Math})
 * @param name       the method's name
 * @param descriptor the method's JVM descriptor
 */
record CallRef(String owner, String name, String descriptor) {

    /** The method referenced by constant {@code index} (a Methodref or InterfaceMethodref). */
    static CallRef of(ConstPool pool, int index) {
        int nameAndType = pool.getMemberNameAndType(index);
        return new CallRef(pool.getClassInfo(pool.getMemberClass(index)),
                pool.getUtf8Info(pool.getNameAndTypeName(nameAndType)),
                pool.getUtf8Info(pool.getNameAndTypeDescriptor(nameAndType)));
    }
}

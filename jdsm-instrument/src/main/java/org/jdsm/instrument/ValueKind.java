package org.jdsm.instrument;

import javassist.bytecode.Bytecode;
import javassist.bytecode.Opcode;

/** The JVM's computational types, for parking a value in a local while a check runs. */
enum ValueKind {
    INT(1), LONG(2), FLOAT(1), DOUBLE(2), REFERENCE(1);

    private final int slots;

    ValueKind(int slots) {
        this.slots = slots;
    }

    int slots() {
        return slots;
    }

    /** The kind of a field or array element with JVM descriptor {@code descriptor}. */
    static ValueKind ofDescriptor(String descriptor) {
        return switch (descriptor.charAt(0)) {
            case 'J' -> LONG;
            case 'F' -> FLOAT;
            case 'D' -> DOUBLE;
            case 'L', '[' -> REFERENCE;
            default -> INT; // Z, B, C, S, I
        };
    }

    /** The kind of the value an {@code xASTORE} instruction stores. */
    static ValueKind ofArrayStore(int opcode) {
        return switch (opcode) {
            case Opcode.LASTORE -> LONG;
            case Opcode.FASTORE -> FLOAT;
            case Opcode.DASTORE -> DOUBLE;
            case Opcode.AASTORE -> REFERENCE;
            default -> INT; // IASTORE, BASTORE, CASTORE, SASTORE
        };
    }

    void store(Bytecode code, int slot) {
        switch (this) {
            case INT -> code.addIstore(slot);
            case LONG -> code.addLstore(slot);
            case FLOAT -> code.addFstore(slot);
            case DOUBLE -> code.addDstore(slot);
            case REFERENCE -> code.addAstore(slot);
        }
    }

    /** The opcode that returns a value of this kind. */
    int returnOpcode() {
        return switch (this) {
            case INT -> Opcode.IRETURN;
            case LONG -> Opcode.LRETURN;
            case FLOAT -> Opcode.FRETURN;
            case DOUBLE -> Opcode.DRETURN;
            case REFERENCE -> Opcode.ARETURN;
        };
    }

    void load(Bytecode code, int slot) {
        switch (this) {
            case INT -> code.addIload(slot);
            case LONG -> code.addLload(slot);
            case FLOAT -> code.addFload(slot);
            case DOUBLE -> code.addDload(slot);
            case REFERENCE -> code.addAload(slot);
        }
    }
}

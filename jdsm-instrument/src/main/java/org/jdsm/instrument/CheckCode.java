package org.jdsm.instrument;

import javassist.bytecode.Bytecode;
import javassist.bytecode.Opcode;

/**
 * Emits the code the rewriter inserts, as stack-neutral fragments: each leaves the operand stack
 * as it found it. A cached site keeps the last array (or object) it checked and, for arrays, the
 * element range the check allowed in locals of the method, so the common case is two or three
 * compares of locals that the JIT keeps in registers; only a miss calls {@link org.jdsm.instrument.runtime.Checks}.
 */
final class CheckCode {

    /** Locals holding an array and an index: of an element whose job-wide lock a monitor takes ({@code LOCKS[b]}), or of one a method returns. */
    record ElementSlots(int array, int index) {
    }

    /** Locals of one cached array site: the array checked last and the range {@code [lo, hi)} it allowed. */
    record ArraySite(int array, int lo, int hi) {
    }

    /** By name: the offline instrumenter runs without the JDSM runtime on its class path. */
    static final String CHECKS = "org.jdsm.instrument.runtime.Checks";
    private static final String WRITTEN_RESULTS = "org.jdsm.instrument.runtime.WrittenResults";
    private static final String RANGE_CHECK = "(Ljava/lang/Object;I)J";
    private static final String OBJECT_CHECK = "(Ljava/lang/Object;)V";
    private static final String MONITOR_ENTER = "(Ljava/lang/Object;Ljava/lang/String;)V";

    private CheckCode() {
    }

    /**
     * Stack {@code array, index} unchanged; checks the access unless the site's range covers it;
     * {@code kept}: the array may have been loaded before the thread's last synchronization, so a
     * row's block is checked again ({@code Checks.writeKept}).
     */
    static void arrayCheck(Bytecode code, boolean write, boolean kept, ArraySite site) {
        String method = (write ? "write" : "read") + (kept ? "Kept" : "");
        if (site == null) {
            code.addOpcode(Opcode.DUP2);
            code.addInvokestatic(CHECKS, method, RANGE_CHECK);
            code.addOpcode(Opcode.POP2);
            return;
        }
        code.addOpcode(Opcode.DUP2);
        code.addOpcode(Opcode.POP);
        code.addAload(site.array());
        int otherArray = branch(code, Opcode.IF_ACMPNE);
        code.addOpcode(Opcode.DUP);
        code.addIload(site.lo());
        int below = branch(code, Opcode.IF_ICMPLT);
        code.addOpcode(Opcode.DUP);
        code.addIload(site.hi());
        int inside = branch(code, Opcode.IF_ICMPLT);
        land(code, otherArray);
        land(code, below);
        code.addOpcode(Opcode.DUP2);
        code.addInvokestatic(CHECKS, method, RANGE_CHECK);
        storeRange(code, site);
        code.addOpcode(Opcode.DUP2);
        code.addOpcode(Opcode.POP);
        code.addAstore(site.array());
        land(code, inside);
    }

    /**
     * Stack {@code array, index} unchanged, before an {@code aastore} of the value parked in local
     * {@code value}: a shared array's element objects learn their slot ({@code Checks.elementStore}).
     */
    static void elementStore(Bytecode code, int value) {
        code.addOpcode(Opcode.DUP2);
        code.addAload(value);
        code.addInvokestatic(CHECKS, "elementStore", "(Ljava/lang/Object;ILjava/lang/Object;)V");
    }

    /**
     * Stack {@code object} unchanged, before a {@code putfield} of the reference parked in local
     * {@code value}: if {@code object} knows a block of a shared object, so does the value and what
     * it holds ({@code Checks.fieldStore}), as a write through a reference kept to it needs.
     */
    static void fieldStore(Bytecode code, int value) {
        code.addOpcode(Opcode.DUP);
        code.addAload(value);
        code.addInvokestatic(CHECKS, "fieldStore", "(Ljava/lang/Object;Ljava/lang/Object;)V");
    }

    /**
     * Whether a field of type {@code descriptor} may hold an object of the job's, or something that
     * holds one: not a primitive or an array of primitives, a string or a box.
     */
    static boolean mayHoldSlotted(String descriptor) {
        String element = descriptor.substring(descriptor.lastIndexOf('[') + 1);
        if (!element.startsWith("L")) {
            return false;
        }
        return switch (element) {
            case "Ljava/lang/String;", "Ljava/lang/Integer;", "Ljava/lang/Long;", "Ljava/lang/Double;", "Ljava/lang/Float;",
                 "Ljava/lang/Short;", "Ljava/lang/Byte;", "Ljava/lang/Character;", "Ljava/lang/Boolean;",
                 "Ljava/lang/Class;", "Lorg/jdsm/runtime/ElementBlock;" -> false;
            default -> true;
        };
    }

    /**
     * Checks {@code array[first..last]} (all three in locals) unless the range {@code site} keeps
     * from the last time covers it, as a row kept from before a synchronization if {@code kept}
     * ({@link #arrayCheck}); stack unchanged.
     */
    static void rangeCheck(Bytecode code, boolean write, boolean kept, ArraySite site, int arraySlot, int firstSlot, int lastSlot) {
        code.addAload(arraySlot);
        code.addAload(site.array());
        int otherArray = branch(code, Opcode.IF_ACMPNE);
        code.addIload(firstSlot);
        code.addIload(site.lo());
        int below = branch(code, Opcode.IF_ICMPLT);
        code.addIload(lastSlot);
        code.addIload(site.hi());
        int inside = branch(code, Opcode.IF_ICMPLT);
        land(code, otherArray);
        land(code, below);
        code.addAload(arraySlot);
        code.addIload(firstSlot);
        code.addIload(lastSlot);
        code.addInvokestatic(CHECKS, (write ? "write" : "read") + (kept ? "KeptRange" : "Range"), "(Ljava/lang/Object;II)J");
        storeRange(code, site);
        code.addAload(arraySlot);
        code.addAstore(site.array());
        land(code, inside);
    }

    /** Stack {@code range} (a {@link org.jdsm.instrument.runtime.Ranges} long) consumed into the site's locals. */
    private static void storeRange(Bytecode code, ArraySite site) {
        code.addOpcode(Opcode.DUP2);
        code.addOpcode(Opcode.L2I);
        code.addIstore(site.hi());
        code.addIconst(32);
        code.addOpcode(Opcode.LUSHR);
        code.addOpcode(Opcode.L2I);
        code.addIstore(site.lo());
    }

    /** Stack {@code object} unchanged; checks a field access unless the site checked this object last ({@code cache} &lt; 0: no cache). */
    static void fieldCheck(Bytecode code, boolean write, int cache) {
        String method = write ? "writeField" : "readField";
        int same = -1;
        if (cache >= 0) {
            code.addOpcode(Opcode.DUP);
            code.addAload(cache);
            same = branch(code, Opcode.IF_ACMPEQ);
        }
        code.addOpcode(Opcode.DUP);
        code.addInvokestatic(CHECKS, method, OBJECT_CHECK);
        if (cache >= 0) {
            code.addOpcode(Opcode.DUP);
            code.addAstore(cache);
            land(code, same);
        }
    }

    /** Locals of the checks of objects that may be kept elements: the blocks the method checked last, and a scratch local. */
    record KeptSlots(int readBlock, int writeBlock, int scratch) {
    }

    /**
     * Stack {@code object} unchanged, before a field access ({@code field}) or a call on an object
     * that may be an element whose load the method did not see, or saw before a synchronization
     * (kept in a list or a field, returned by a method reference): a field access checks the object
     * as {@link #fieldCheck} does; then, if the object's slot ({@code SlotAware}) names a block of a
     * shared array that the method did not check last, that block is checked. Inline, so that each
     * site's profile sees its own classes: for an object that is no element the test is a field
     * load and a null test.
     */
    static void keptObjectCheck(Bytecode code, boolean field, boolean write, int cache, KeptSlots kept) {
        int same = -1;
        if (cache >= 0) {
            code.addOpcode(Opcode.DUP);
            code.addAload(cache);
            same = branch(code, Opcode.IF_ACMPEQ);
        }
        if (field) {
            code.addOpcode(Opcode.DUP);
            code.addInvokestatic(CHECKS, write ? "writeField" : "readField", OBJECT_CHECK);
        }
        int block = write ? kept.writeBlock() : kept.readBlock();
        code.addOpcode(Opcode.DUP);
        code.addInstanceof(SlotMembers.INTERFACE);
        int notElement = branch(code, Opcode.IFEQ);
        code.addOpcode(Opcode.DUP);
        code.addCheckcast(SlotMembers.INTERFACE);
        code.addInvokeinterface(SlotMembers.INTERFACE, SlotMembers.GETTER, "()" + SlotMembers.BLOCK, 1);
        code.addAstore(kept.scratch());
        code.addAload(kept.scratch());
        int noBlock = branch(code, Opcode.IFNULL);
        code.addAload(kept.scratch());
        code.addAload(block);
        int checkedLast = branch(code, Opcode.IF_ACMPEQ);
        code.addAload(kept.scratch());
        code.addOpcode(Opcode.DUP);
        code.addAstore(block);
        code.addInvokestatic(CHECKS, write ? "writeElementBlock" : "readElementBlock", "(" + SlotMembers.BLOCK + ")V");
        land(code, notElement);
        land(code, noBlock);
        land(code, checkedLast);
        if (cache >= 0) {
            code.addOpcode(Opcode.DUP);
            code.addAstore(cache);
            land(code, same);
        }
    }

    /**
     * What names a method to {@link org.jdsm.instrument.runtime.WrittenResults}: its name and
     * parameters ({@code at(I)}), which overrides share whatever they return.
     */
    static String resultKey(String name, String descriptor) {
        return name + descriptor.substring(0, descriptor.indexOf(')') + 1);
    }

    /**
     * Stack unchanged, before a call of {@code method} whose result the caller writes into (or,
     * if {@code asked} is not null, returns as what its own caller asks about as {@code asked}):
     * names it (if asked about), keeping what was named before in local {@code slot}.
     */
    static void beforeResultWritten(Bytecode code, String asked, String method, int slot) {
        if (asked != null) {
            code.addLdc(asked);
        }
        code.addLdc(method);
        code.addInvokestatic(WRITTEN_RESULTS, asked == null ? "before" : "passOn",
                asked == null ? "(Ljava/lang/String;)Ljava/lang/String;" : "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;");
        code.addAstore(slot);
    }

    /** Stack unchanged, after such a call: names again what local {@code slot} kept. */
    static void afterResultWritten(Bytecode code, int slot) {
        code.addAload(slot);
        code.addInvokestatic(WRITTEN_RESULTS, "after", "(Ljava/lang/String;)V");
    }

    /** At method entry: what is named now goes to local {@code slot}, for any way to {@link #afterResultWritten}. */
    static void currentResultWritten(Bytecode code, int slot) {
        code.addInvokestatic(WRITTEN_RESULTS, "current", "()Ljava/lang/String;");
        code.addAstore(slot);
    }

    /**
     * Stack {@code array, index} ({@code element}) or {@code object} unchanged, at a load that
     * {@code method} returns: a write check too, if the caller writes into the result.
     */
    static void returnedCheck(Bytecode code, boolean element, String method) {
        code.addLdc(method);
        code.addInvokestatic(WRITTEN_RESULTS, "writes", "(Ljava/lang/String;)Z");
        int skip = branch(code, Opcode.IFEQ);
        if (element) {
            code.addOpcode(Opcode.DUP2);
            code.addInvokestatic(CHECKS, "write", RANGE_CHECK);
            code.addOpcode(Opcode.POP2);
        } else {
            code.addOpcode(Opcode.DUP);
            code.addInvokestatic(CHECKS, "writeField", OBJECT_CHECK);
        }
        land(code, skip);
    }

    /**
     * Stack {@code array, index} ({@code element}) or {@code object} unchanged, at a load that a
     * method returns: kept in {@code slots} (index -1 for an object) for {@link #returnedAgain}.
     */
    static void keepReturned(Bytecode code, boolean element, ElementSlots slots) {
        if (element) {
            code.addOpcode(Opcode.DUP2);
            code.addIstore(slots.index());
            code.addAstore(slots.array());
        } else {
            code.addOpcode(Opcode.DUP);
            code.addAstore(slots.array());
            code.addIconst(-1);
            code.addIstore(slots.index());
        }
    }

    /**
     * Stack unchanged, before an {@code areturn} of {@code method}, which may synchronize after a
     * load it returns: what {@link #keepReturned} kept there, if anything, is write-checked if the
     * caller writes the result (at the load, the check would end at the synchronization).
     */
    static void returnedAgain(Bytecode code, String method, ElementSlots slots) {
        code.addLdc(method);
        code.addAload(slots.array());
        code.addIload(slots.index());
        code.addInvokestatic(WRITTEN_RESULTS, "writesAgain", "(Ljava/lang/String;Ljava/lang/Object;I)V");
    }

    /** Forgets every cached check: after anything that may synchronize. */
    static void forget(Bytecode code, int[] cacheSlots) {
        for (int slot : cacheSlots) {
            code.addOpcode(Opcode.ACONST_NULL);
            code.addAstore(slot);
        }
    }

    /** At method entry: every cache starts empty (and defined, for the verifier). */
    static void initArraySite(Bytecode code, ArraySite site) {
        code.addOpcode(Opcode.ACONST_NULL);
        code.addAstore(site.array());
        code.addIconst(0);
        code.addIstore(site.lo());
        code.addIconst(0);
        code.addIstore(site.hi());
    }

    /**
     * Calls {@code Checks.beforeEnter} on the reference on top of the stack (consumed), with
     * {@code lock}, the job-wide lock the monitor stands for ({@link MonitorNames}; null if none),
     * completed at run time from the array and index in {@code element}'s locals for an element's
     * lock (null for any other).
     */
    static void beforeMonitorEnter(Bytecode code, String lock, ElementSlots element) {
        pushName(code, lock, element);
        code.addInvokestatic(CHECKS, "beforeEnter", MONITOR_ENTER);
    }

    /** Calls {@code Checks.enter} on the reference on top of the stack (consumed), as {@link #beforeMonitorEnter}. */
    static void monitorEnter(Bytecode code, String lock, ElementSlots element) {
        pushName(code, lock, element);
        code.addInvokestatic(CHECKS, "enter", MONITOR_ENTER);
    }

    /** Calls {@code Checks.exit} on the reference on top of the stack (consumed). */
    static void monitorExit(Bytecode code) {
        code.addInvokestatic(CHECKS, "exit", OBJECT_CHECK);
    }

    /** Pushes the lock's name; an element's lock ({@code element} not null) is completed at run time. */
    private static void pushName(Bytecode code, String name, ElementSlots element) {
        if (name == null) {
            code.addOpcode(Opcode.ACONST_NULL);
        } else {
            code.addLdc(name);
        }
        if (element != null) {
            code.addAload(element.array());
            code.addIload(element.index());
            code.addInvokestatic(CHECKS, "elementLock", "(Ljava/lang/String;Ljava/lang/Object;I)Ljava/lang/String;");
        }
    }

    /** Emits a branch to be pointed somewhere later with {@link #land}; returns where its offset goes. */
    static int branch(Bytecode code, int opcode) {
        code.addOpcode(opcode);
        int at = code.currentPc();
        code.addIndex(0);
        return at;
    }

    /** Points the branch whose offset is at {@code at} to the current position. */
    static void land(Bytecode code, int at) {
        code.write16bit(at, code.currentPc() - (at - 1));
    }
}

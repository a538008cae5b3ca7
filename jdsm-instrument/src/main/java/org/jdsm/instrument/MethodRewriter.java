package org.jdsm.instrument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import javassist.ClassPool;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.Bytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.CodeAttribute;
import javassist.bytecode.CodeIterator;
import javassist.bytecode.ConstPool;
import javassist.bytecode.ExceptionTable;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.Opcode;
import javassist.bytecode.SourceFileAttribute;
import javassist.bytecode.StackMapTable;
import org.jdsm.instrument.CheckCode.ArraySite;

/**
 * Rewrites one method body in place:
 * <ul>
 *   <li>before each counted loop, range checks for the array accesses it makes ({@link Hoisting});</li>
 *   <li>before every other array element load/store and instance field read/write, a read or write
 *       check ({@link CheckCode}), cached per site in new locals; a write check for a load whose
 *       reference a store writes into ({@link WrittenThrough}); an access through an array that
 *       may have been loaded before the method's last synchronization ({@link LoadedSinceSync})
 *       also checks again the block of the shared array of arrays it may be a row of;</li>
 *   <li>before a field access or a job class's method call on an object that is not an element
 *       load, {@code this} or a new object, a test of the object's slot, which checks the block of
 *       the shared array holding it if it is an element kept from elsewhere ({@link
 *       CheckCode#keptObjectCheck}); before an {@code aastore}, {@code Checks.elementStore}, which
 *       gives a shared array's new element its slot; before a {@code putfield} of a reference that
 *       may be an object of the job's, {@code Checks.fieldStore}, which gives it the slot of the
 *       object it is stored into;</li>
 *   <li>after every call that may synchronize, after {@code monitorenter}/{@code monitorexit} and at
 *       the start of every exception handler, the cached checks are forgotten;</li>
 *   <li>{@code monitorenter} is preceded by {@code Checks.beforeEnter} and followed by
 *       {@code Checks.enter}, {@code monitorexit} preceded by {@code Checks.exit}; a
 *       {@code synchronized} method is first turned into one taking its monitor in its code
 *       ({@link SynchronizedMethods}), so it gets the same; a monitor the program means as one
 *       object for the whole job is passed with its job-wide lock's name ({@link MonitorNames});</li>
 *   <li>{@code System.arraycopy}, {@code java.util.Arrays} methods ({@code parallelSetAll} made
 *       {@code setAll}: {@link ArraysCalls#sequential}), arrays' {@code clone()} and
 *       other JDK methods that take arrays get checks of the ranges they read and write, {@code super.clone()} a read check of its object;</li>
 *   <li>{@code wait}/{@code notify}/{@code notifyAll} become calls of {@code Checks}, which wait and
 *       signal job-wide on a monitor the thread holds through a JDSM lock.</li>
 * </ul>
 * Code is inserted with Javassist's {@link CodeIterator}, which moves branch offsets, the exception
 * table and the line number table; the stack map is rebuilt at the end.
 */
final class MethodRewriter {

    /** Bytes that forgetting cached checks may add to a method: beyond it, further sites call the runtime every time. */
    private static final int FORGET_BUDGET = 16 * 1024;
    /** Upper bound of the bytes one forgotten cache costs ({@code aconst_null; wide astore}). */
    private static final int FORGET_BYTES_PER_CACHE = 5;
    private static final String CHECKS = CheckCode.CHECKS;

    private final ClassFile classFile;
    private final MethodInfo method;
    private final ConstPool constPool;
    private final CodeAttribute code;
    private final CallSafety calls;
    private final ReceiverWrites receivers;
    private final MonitorNames monitors;
    private final Map<String, CalleeChecks> callees;
    /** This method as its callers name it to {@code WrittenResults}. */
    private final String resultKey;
    private final boolean cacheSites;
    private final Locals locals;
    private CodeScan scan;
    private Hoisting hoisting;
    /** Which arrays an access indexes were loaded since the last synchronization: others are checked as rows that may be kept. */
    private LoadedSinceSync loadedSinceSync;
    /** Per access site (by position): its cache, an {@link ArraySite} or an {@code Integer} slot. */
    private final Map<Integer, Object> caches = new HashMap<>();
    /** Per counted loop: the caches of the range checks before it. */
    private final Map<CountedLoop, List<ArraySite>> loopCaches = new HashMap<>();
    private final List<Integer> cacheRefSlots = new ArrayList<>();
    /** The locals holding the index of an element whose job-wide lock a {@code monitorenter} takes. */
    private final List<CheckCode.ElementSlots> elementSlots = new ArrayList<>();
    private final NavigableMap<Integer, Bytecode> fragments = new TreeMap<>();
    /** Per position after a {@code monitorenter}: the JDSM lock, run only on falling in from it. */
    private final Map<Integer, Bytecode> entered = new HashMap<>();
    /** The locals that hold an array an {@code Arrays} or JDK writer may have moved or stored elements in ({@link #elementsMoved}). */
    private final List<Integer> movedArrays = new ArrayList<>();
    /** The loads whose reference is stored into or changed by a call ({@code cells[i].value = v}, {@code cells[i].move()}): checked for writing. */
    private WrittenThrough writtenThrough;
    /** The element and field loads this method returns (and those they are reached through), and the calls whose result it returns: see {@link CheckCode#returnedCheck}. */
    private WrittenThrough.Returned returned;
    /**
     * In a method that may synchronize ({@code synchronized Cell at(int i)}): per load whose value
     * it returns, locals keeping the element or object, write-checked at the return instead of at
     * the load ({@link CheckCode#returnedAgain}); empty otherwise.
     */
    private final Map<Integer, CheckCode.ElementSlots> returnedSlots = new TreeMap<>();
    /**
     * The local keeping what was named to {@code WrittenResults} on entry: what a call whose result
     * is written restores after it ({@link CheckCode#beforeResultWritten}), and an exception
     * handler of a method that returns its loads; -1 if neither.
     */
    private int writtenResultSlot = -1;
    /** Field accesses before this position (a constructor's super() or this() call) are on the uninitialized object. */
    private int initializedFrom;
    /** True if local 0 is {@code this} throughout: an instance method that never stores to it. */
    private boolean thisInSlot0;
    /** The locals of the checks of objects that may be kept elements ({@link CheckCode#keptObjectCheck}); null if no access needs them. */
    private CheckCode.KeptSlots kept;

    /**
     * {@code callees}: the class's helpers whose checks a call in a loop may take over ({@link
     * CalleeChecks}); {@code receivers}: which calls may change the object they are made on;
     * {@code monitors}: the job-wide locks of monitors that are not shared; {@code cacheSites}:
     * whether access sites may cache their checks (checks before loops always do); {@code
     * resultKey}: the name callers ask about this method's result by ({@link CheckCode#resultKey},
     * a lambda body's is its interface method's, {@link LambdaResults}).
     */
    MethodRewriter(ClassFile classFile, MethodInfo method, CallSafety calls, ReceiverWrites receivers,
            MonitorNames monitors, Map<String, CalleeChecks> callees, String resultKey, boolean cacheSites) {
        this.classFile = classFile;
        this.method = method;
        this.constPool = method.getConstPool();
        this.code = method.getCodeAttribute();
        this.calls = calls;
        this.receivers = receivers;
        this.monitors = monitors;
        this.callees = callees;
        this.resultKey = resultKey;
        this.cacheSites = cacheSites;
        this.locals = new Locals(code.getMaxLocals());
    }

    /** Rewrites the method; {@code types} resolves classes for the new stack map. */
    void rewrite(ClassPool types) throws BadBytecode {
        // Insertions would have to keep the old stack map in step; it is rebuilt from scratch instead.
        code.getAttributes().removeIf(a -> a instanceof StackMapTable);
        SynchronizedMethods.lower(classFile, method, locals);
        scan = new CodeScan(code);
        initializedFrom = method.isConstructor() ? Math.max(0, code.iterator().skipConstructor()) : 0;
        thisInSlot0 = !isStatic() && !scan.storesTo(0);
        writtenThrough = new WrittenThrough(scan, receivers, method.getDescriptor(),
                new PushedTypes(scan, classFile.getName(), method.getDescriptor(), isStatic()),
                LambdaResults.isBody(method.getName()) || JdkCallbacks.mayCall(types, classFile, method));
        returned = writtenThrough.returned();
        if (!returned.direct().isEmpty() && scan.instructions().stream().anyMatch(this::forgetsAfter)) {
            // a check at the load would end where the method synchronizes, before the caller's store
            returned.direct().forEach(pos -> returnedSlots.put(pos, new CheckCode.ElementSlots(locals.allocate(1), locals.allocate(1))));
        }
        if (returnsWhatMayBeWritten() && !scan.handlerStarts().isEmpty()) {
            writtenResultSlot = locals.allocate(1);
        }
        hoisting = new Hoisting(scan, CountedLoop.find(scan, this::forgetsAfter), thisInSlot0, classFile.getName(), callees,
                writtenThrough);
        loadedSinceSync = new LoadedSinceSync(scan, this::forgetsAfter);
        allocateCaches();
        emit();
        Map<Integer, Hoisting.Preheader> preheaders = new HashMap<>();
        for (CountedLoop loop : hoisting.loops()) {
            preheaders.put(loop.head(), hoisting.preheader(loop, loopCaches.get(loop), locals, constPool, loadedSinceSync));
            fragments.computeIfAbsent(loop.head(), p -> new Bytecode(constPool));
        }
        entered.keySet().forEach(pos -> fragments.computeIfAbsent(pos, p -> new Bytecode(constPool)));
        CodeIterator it = code.iterator();
        redirectUncheckedCalls(it);
        for (Map.Entry<Integer, Bytecode> f : fragments.descendingMap().entrySet()) {
            it.insert(f.getKey(), f.getValue().get());
            insertFallingIn(it, f.getKey(), entered.get(f.getKey()), preheaders.get(f.getKey()));
        }
        it.insertEx(0, entryCode().get()); // exclusive: a loop back to 0 must not run it again
        if (it.getCodeLength() > 65535) {
            throw new BadBytecode("the method is too large once instrumented (" + it.getCodeLength() + " bytes of code)");
        }
        code.setMaxLocals(locals.max());
        code.setMaxStack(code.computeMaxStack());
        method.rebuildStackMapIf6(types, classFile);
    }

    /** Calls whose callee's checks are made before a loop go to the callee's unchecked copy (same descriptor). */
    private void redirectUncheckedCalls(CodeIterator it) {
        for (int pos : hoisting.uncheckedCalls()) {
            CallRef call = CallRef.of(constPool, scan.u16At(scan.at(pos)));
            int copy = constPool.addMethodrefInfo(constPool.addClassInfo(classFile.getName()),
                    CalleeChecks.uncheckedName(call.name()), call.descriptor());
            it.write16bit(copy, pos + 1);
        }
    }

    private boolean isStatic() {
        return (method.getAccessFlags() & AccessFlag.STATIC) != 0;
    }

    /**
     * Before what is inserted at {@code pos}, code that runs only when control falls into
     * {@code pos} (jumps to {@code pos} skip it): the JDSM lock of a {@code monitorenter} just
     * before ({@code lock}), then a loop's preheader ({@code pre}), either may be null. A loop's back
     * edge, or one right inside a synchronized block, must not take the lock or check again. The
     * preheader's handlers (for the operands' evaluation) go first in the exception table, ahead of
     * any handler around the loop; after a lock, the synchronized block's catch-all (starting at
     * {@code pos}) is widened back over both, so a failure there still releases the monitor.
     */
    private void insertFallingIn(CodeIterator it, int pos, Bytecode lock, Hoisting.Preheader pre) throws BadBytecode {
        byte[] lockCode = lock == null ? new byte[0] : lock.get();
        byte[] preCode = pre == null ? new byte[0] : pre.code();
        if (lockCode.length + preCode.length == 0) {
            return;
        }
        byte[] both = Arrays.copyOf(lockCode, lockCode.length + preCode.length);
        System.arraycopy(preCode, 0, both, lockCode.length, preCode.length);
        CodeIterator.Gap gap = it.insertGapAt(pos, both.length, true);
        it.write(both, gap.position);
        ExceptionTable table = code.getExceptionTable();
        if (lock != null) {
            for (int i = 0; i < table.size(); i++) {
                if (table.catchType(i) == 0 && table.startPc(i) == gap.position + gap.length) {
                    table.setStartPc(i, gap.position);
                }
            }
        }
        if (pre != null) {
            int start = gap.position + lockCode.length;
            int index = 0;
            for (Hoisting.Handler h : pre.handlers()) {
                table.add(index++, start + h.start(), start + h.end(), start + h.handler(), pre.catchType());
            }
        }
    }

    // ------------------------------------------------------------------ what to check, and where to cache

    /**
     * Caches every range check before a loop, and the first sites in code order, as many as the
     * forgetting code the method needs allows.
     */
    private void allocateCaches() {
        for (CountedLoop loop : hoisting.loops()) {
            List<ArraySite> list = new ArrayList<>();
            for (int g = 0; g < hoisting.checksBefore(loop); g++) {
                list.add(arraySite());
            }
            loopCaches.put(loop, list);
        }
        int keptBlocks = 0;
        if (scan.instructions().stream().anyMatch(this::checksKeptObject)) {
            kept = new CheckCode.KeptSlots(locals.allocate(1), locals.allocate(1), locals.allocate(1));
            cacheRefSlots.add(kept.readBlock());
            cacheRefSlots.add(kept.writeBlock());
            keptBlocks = 2;
        }
        int forgetPoints = scan.handlerStarts().size();
        List<Instruction> sites = new ArrayList<>();
        for (Instruction insn : scan.instructions()) {
            if (isAccessSite(insn) || isInvoke(insn.opcode()) && isCallOnKeptElement(insn)) {
                sites.add(insn);
            }
            if (!isAccessSite(insn) && forgetsAfter(insn)) {
                forgetPoints++;
            }
        }
        int cached = !cacheSites ? 0 : forgetPoints == 0 ? sites.size()
                : Math.max(0, Math.min(sites.size(), FORGET_BUDGET / (FORGET_BYTES_PER_CACHE * forgetPoints) - keptBlocks));
        for (Instruction site : sites.subList(0, cached)) {
            if (isArrayAccess(site.opcode())) {
                caches.put(site.pos(), arraySite());
            } else {
                int slot = locals.allocate(1);
                caches.put(site.pos(), slot);
                cacheRefSlots.add(slot);
            }
        }
    }

    /** Locals for one more cached array check, forgotten with the others. */
    private ArraySite arraySite() {
        ArraySite site = new ArraySite(locals.allocate(1), locals.allocate(1), locals.allocate(1));
        cacheRefSlots.add(site.array());
        return site;
    }

    /** An access that gets a check here (not one checked before its loop, not a field of the object under construction). */
    private boolean isAccessSite(Instruction insn) {
        int op = insn.opcode();
        return isArrayAccess(op) && !hoisting.isHoisted(insn.pos())
                || (op == Opcode.GETFIELD || op == Opcode.PUTFIELD) && !onObjectUnderConstruction(insn);
    }

    /**
     * True for a store to a field of {@code this} before the constructor's super() or this() call
     * (javac's {@code this$0}): the verifier lets no call see that object, and no other thread can.
     * A field of another object read or written there ({@code super(shared.value)}) is checked;
     * the verifier lets no {@code getfield} read the uninitialized {@code this}. A store whose
     * object is not understood is taken for one to {@code this}.
     */
    private boolean onObjectUnderConstruction(Instruction insn) {
        if (insn.pos() >= initializedFrom || insn.opcode() == Opcode.GETFIELD) {
            return false;
        }
        Instruction object = StackOrigin.objectOf(scan, insn);
        return object == null || scan.referenceLoadSlot(object) <= 0; // not a local's load, or this
    }

    private static boolean isArrayAccess(int op) {
        return op >= Opcode.IALOAD && op <= Opcode.SALOAD || op >= Opcode.IASTORE && op <= Opcode.SASTORE;
    }

    /** Read before any call is redirected ({@link #redirect}): the decision is about the original call. */
    private boolean forgetsAfter(Instruction insn) {
        int op = insn.opcode();
        return op == Opcode.MONITORENTER || op == Opcode.MONITOREXIT
                || isInvoke(op) && calls.maySynchronize(op, op == Opcode.INVOKEDYNAMIC ? null : CallRef.of(constPool, indexAt(insn)));
    }

    private static boolean isInvoke(int op) {
        return op >= Opcode.INVOKEVIRTUAL && op <= Opcode.INVOKEDYNAMIC;
    }

    private int indexAt(Instruction insn) {
        return scan.u16At(insn);
    }

    // ------------------------------------------------------------------ pass 2: what to insert where

    private void emit() throws BadBytecode {
        int[] forget = cacheRefSlots.stream().mapToInt(Integer::intValue).toArray();
        for (Instruction insn : scan.instructions()) {
            int op = insn.opcode();
            if (scan.isHandlerStart(insn.pos())) {
                CheckCode.forget(at(insn.pos()), forget);
                if (returnsWhatMayBeWritten()) {
                    // a call that threw skipped its restore: the loads returned next ask for this method again
                    CheckCode.afterResultWritten(at(insn.pos()), writtenResultSlot);
                }
            }
            if (returnedSlots.containsKey(insn.pos())) {
                CheckCode.keepReturned(at(insn.pos()), op == Opcode.AALOAD, returnedSlots.get(insn.pos()));
            } else if (returned.loads().contains(insn.pos())) {
                CheckCode.returnedCheck(at(insn.pos()), op == Opcode.AALOAD, resultKey);
            }
            if (op == Opcode.ARETURN) {
                returnedSlots.values().forEach(slots -> CheckCode.returnedAgain(at(insn.pos()), resultKey, slots));
            }
            if (isArrayAccess(op) && hoisting.isHoisted(insn.pos())) {
                if (op == Opcode.AASTORE) {
                    parked(insn.pos(), ValueKind.REFERENCE, b -> CheckCode.elementStore(b, locals.temp(ValueKind.REFERENCE)));
                }
                continue;
            }
            if (op >= Opcode.IALOAD && op <= Opcode.SALOAD) {
                CheckCode.arrayCheck(at(insn.pos()), writtenThrough.contains(insn.pos()), mayBeKept(insn), (ArraySite) caches.get(insn.pos()));
            } else if (op >= Opcode.IASTORE && op <= Opcode.SASTORE) {
                ValueKind kind = ValueKind.ofArrayStore(op);
                parked(insn.pos(), kind, b -> {
                    CheckCode.arrayCheck(b, true, mayBeKept(insn), (ArraySite) caches.get(insn.pos()));
                    if (op == Opcode.AASTORE) {
                        CheckCode.elementStore(b, locals.temp(kind));
                    }
                });
            } else if (op == Opcode.GETFIELD && isAccessSite(insn)) {
                objectCheck(at(insn.pos()), StackOrigin.sourceOf(scan, insn), writtenThrough.contains(insn.pos()), fieldCache(insn));
            } else if (op == Opcode.PUTFIELD && isAccessSite(insn)) {
                ValueKind kind = ValueKind.ofDescriptor(constPool.getFieldrefType(indexAt(insn)));
                Instruction object = StackOrigin.objectOf(scan, insn);
                boolean holds = CheckCode.mayHoldSlotted(constPool.getFieldrefType(indexAt(insn)));
                parked(insn.pos(), kind, b -> {
                    objectCheck(b, object, true, fieldCache(insn));
                    if (holds) {
                        CheckCode.fieldStore(b, locals.temp(kind));
                    }
                });
            } else if (op == Opcode.PUTSTATIC && !method.isStaticInitializer()) {
                staticWrite(insn);
            } else if (op == Opcode.MONITORENTER) {
                monitorEnter(insn, forget);
            } else if (op == Opcode.MONITOREXIT) {
                Bytecode b = at(insn.pos());
                b.addOpcode(Opcode.DUP);
                CheckCode.monitorExit(b);
                CheckCode.forget(b, forget);
            } else if (isInvoke(op)) {
                noteElementMonitor(insn);
                if (writtenThrough.checksReceiver(insn.pos())) {
                    // a getter's receiver: on top, as a getfield's object
                    objectCheck(at(insn.pos()), StackOrigin.receiverOf(scan, insn), true, -1);
                } else if (isCallOnKeptElement(insn)) {
                    // right after the receiver is pushed, the arguments not yet above it
                    boolean write = receivers.mayWrite(op, CallRef.of(constPool, indexAt(insn)));
                    CheckCode.keptObjectCheck(at(StackOrigin.receiverOf(scan, insn).next()), false, write, fieldCache(insn), kept);
                }
                if (writtenThrough.namesResultOf(insn.pos())) {
                    resultWritten(insn);
                }
                boolean forgets = forgetsAfter(insn);
                redirect(insn);
                if (forgets) {
                    CheckCode.forget(at(insn.next()), forget);
                }
            }
        }
    }

    /** True if the array {@code access} indexes may have been loaded before the last synchronization (a row kept across it). */
    private boolean mayBeKept(Instruction access) {
        return !loadedSinceSync.arrayOf(access);
    }

    /**
     * Around a call whose result is written into ({@code at(i).v = x}), or returned by this method
     * ({@code return find(i)}, when this method's caller writes what it returns): names the method
     * before it and restores the name after it, so that the callee checks what it returns for writing.
     */
    private void resultWritten(Instruction call) {
        if (writtenResultSlot < 0) {
            writtenResultSlot = locals.allocate(1);
        }
        CallRef ref = CallRef.of(constPool, indexAt(call));
        String asked = writtenThrough.writesResultOf(call.pos()) ? null : resultKey;
        CheckCode.beforeResultWritten(at(call.pos()), asked, CheckCode.resultKey(ref.name(), ref.descriptor()), writtenResultSlot);
        CheckCode.afterResultWritten(at(call.next()), writtenResultSlot);
    }

    /** True if a caller may write into what this method returns through its own loads or calls. */
    private boolean returnsWhatMayBeWritten() {
        return !returned.loads().isEmpty() || !returned.calls().isEmpty();
    }

    /**
     * Checks the object on top of the stack, pushed by {@code origin}, for a field access or a call:
     * as itself if it comes from a load checked where it is ({@link #isCheckedWhereLoaded}), else
     * also as the element of a shared array it may be ({@link CheckCode#keptObjectCheck}).
     */
    private void objectCheck(Bytecode b, Instruction origin, boolean write, int cache) {
        if (isCheckedWhereLoaded(origin)) {
            CheckCode.fieldCheck(b, write, cache);
        } else {
            CheckCode.keptObjectCheck(b, true, write, cache, kept);
        }
    }

    /**
     * True if {@code origin}, what pushed the object of a field access or call, is an element load
     * (checked there, or before its loop, as an element written through if it is), {@code this}
     * in a constructor (the new object) or a new object (which no
     * array holds yet; a check right after the {@code new} would see it uninitialized). Any other object may be an
     * element whose load the method did not see, or saw before a synchronization: kept in a list
     * or a field, a parameter, a method's result, and {@code this} elsewhere (the JDK calls
     * {@code toString()} or a method reference on a kept element with no check).
     */
    private boolean isCheckedWhereLoaded(Instruction origin) {
        return origin != null && (origin.opcode() == Opcode.AALOAD || origin.opcode() == Opcode.NEW
                || thisInSlot0 && method.isConstructor() && scan.referenceLoadSlot(origin) == 0);
    }

    /**
     * True for a call of an instance method of a class that is not the JDK's on an object that may be a kept element
     * ({@link #isCheckedWhereLoaded}), whose receiver is pushed at a place where a check can follow
     * it (not at a join), and that gets no getter's receiver check already.
     */
    private boolean isCallOnKeptElement(Instruction call) {
        if (!scan.isInstanceCall(call) || writtenThrough.checksReceiver(call.pos())) {
            return false;
        }
        String owner = CallRef.of(constPool, indexAt(call)).owner();
        if (owner.startsWith("[") || ReceiverWrites.isJdk(owner)) {
            return false;
        }
        Instruction receiver = StackOrigin.receiverOf(scan, call);
        return receiver != null && !isCheckedWhereLoaded(receiver)
                && !scan.isBranchTarget(receiver.next()) && !scan.isHandlerStart(receiver.next());
    }

    /** True if {@code insn} checks an object that may be a kept element ({@link CheckCode#keptObjectCheck}). */
    private boolean checksKeptObject(Instruction insn) {
        int op = insn.opcode();
        if (op == Opcode.GETFIELD || op == Opcode.PUTFIELD) {
            return isAccessSite(insn) && !isCheckedWhereLoaded(op == Opcode.GETFIELD ? StackOrigin.sourceOf(scan, insn) : StackOrigin.objectOf(scan, insn));
        }
        return writtenThrough.checksReceiver(insn.pos()) && !isCheckedWhereLoaded(StackOrigin.receiverOf(scan, insn))
                || isInvoke(op) && isCallOnKeptElement(insn);
    }

    private int fieldCache(Instruction insn) {
        Integer slot = (Integer) caches.get(insn.pos());
        return slot == null ? -1 : slot;
    }

    private Bytecode at(int pos) {
        return fragments.computeIfAbsent(pos, p -> new Bytecode(constPool));
    }

    /** A check that needs the operands under the stored value: the value waits in a scratch local. */
    private void parked(int pos, ValueKind kind, Consumer<Bytecode> check) {
        Bytecode b = at(pos);
        int temp = locals.temp(kind);
        kind.store(b, temp);
        check.accept(b);
        kind.load(b, temp);
    }

    /**
     * A static field is per node JVM: before a store to one (but in a static initializer, which
     * runs once per JVM anyway), {@code Checks.staticWrite} warns if the thread holds a job-wide
     * lock, where a newcomer sums a job-wide total into it ({@code static synchronized void
     * add(double x) { total += x; }}) and each node keeps only its own part.
     */
    private void staticWrite(Instruction insn) {
        int ref = indexAt(insn);
        Bytecode b = at(insn.pos());
        b.addLdc(constPool.getFieldrefClassName(ref) + "." + constPool.getFieldrefName(ref));
        b.addLdc(site(insn.pos()));
        b.addInvokestatic(CHECKS, "staticWrite", "(Ljava/lang/String;Ljava/lang/String;)V");
    }

    /**
     * The Java monitor first, then the JDSM lock (one order everywhere, so the two never deadlock). The lock is taken inside the compiler's protected
     * range, so if taking it fails the monitor is still released; only on falling in from the
     * {@code monitorenter}, since the block's body may begin with a loop (a jump target). Before
     * the {@code monitorenter}, {@code Checks.beforeEnter} gives up what the thread's writes hold
     * when a JDSM lock will follow.
     */
    private void monitorEnter(Instruction insn, int[] forget) throws BadBytecode {
        if (scan.isHandlerStart(insn.next())) {
            throw new BadBytecode("a monitorenter at " + insn.pos() + " is followed by a handler"
                    + " (not javac's layout of a synchronized block)");
        }
        String lock = monitors.ofBlock(scan, insn);
        CheckCode.ElementSlots element = elementSlots(MonitorNames.elementLoad(scan, insn, lock));
        Bytecode before = at(insn.pos());
        before.addOpcode(Opcode.DUP);
        before.addOpcode(Opcode.DUP);
        CheckCode.beforeMonitorEnter(before, lock, element);
        Bytecode after = new Bytecode(constPool);
        CheckCode.monitorEnter(after, lock, element);
        CheckCode.forget(after, forget);
        entered.put(insn.next(), after);
    }

    /**
     * A {@code synchronized} method called on an element of an array ({@code counters[b].add()}):
     * its monitor is the element's own, which no rewriter sees job-wide, so where the array is
     * shared the node warns ({@code Checks.elementMonitorCall}, at the element's load, given the array).
     */
    private void noteElementMonitor(Instruction call) {
        if (!scan.isInstanceCall(call)) {
            return;
        }
        Instruction receiver = StackOrigin.receiverOf(scan, call);
        CallRef ref = CallRef.of(constPool, indexAt(call));
        if (receiver != null && receiver.opcode() == Opcode.AALOAD && receivers.isSynchronized(ref)) {
            Bytecode b = at(receiver.pos());
            b.addOpcode(Opcode.DUP2);
            b.addOpcode(Opcode.POP);
            b.addLdc(ref.owner() + "." + ref.name() + "() at " + site(call.pos()));
            b.addInvokestatic(CHECKS, "elementMonitorCall", "(Ljava/lang/Object;Ljava/lang/String;)V");
        }
    }

    /**
     * For a monitor that is an element with a job-wide lock per index ({@code synchronized
     * (LOCKS[b])}): new locals that the element's {@code aaload} copies its array and index into
     * (after its own check, if any: both leave the stack as they found it); null for any other
     * monitor. The locals start as null and 0 on entry, so the verifier sees them set on every path.
     */
    private CheckCode.ElementSlots elementSlots(Instruction aaload) {
        if (aaload == null) {
            return null;
        }
        CheckCode.ElementSlots slots = new CheckCode.ElementSlots(locals.allocate(1), locals.allocate(1));
        Bytecode b = at(aaload.pos());
        b.addOpcode(Opcode.DUP2);
        b.addIstore(slots.index());
        b.addAstore(slots.array());
        elementSlots.add(slots);
        return slots;
    }

    /**
     * Calls that touch shared data or monitors out of sight of the checks: {@code x.wait()} and
     * friends become {@code Checks.waitOn(x, ..., site)}, {@code System.arraycopy} becomes
     * {@code Checks.arraycopy} (which checks both ranges), {@code Arrays} methods get their array
     * arguments checked ({@link ArraysCalls}), an array's {@code clone()} is preceded by a check of
     * the whole array ({@code Checks.handOutAll}), other JDK methods and constructors get their
     * array arguments checked whole ({@link JdkArrayCalls}: {@code Stream.of(cells)}, {@code new
     * String(chars)}, {@code in.read(bytes)}), and so do those that a handle or reflection reaches
     * ({@link ReflectiveCalls}: {@code vh.set(a, i, v)}, {@code Array.setInt(a, i, v)}, {@code
     * field.set(obj, v)}); {@code super.clone()} and an inherited {@code
     * Object.clone()} ({@link #isObjectClone}), which copy every field of their object at once
     * where no field check sees it, are preceded by a read check of that object.
     */
    private void redirect(Instruction insn) {
        if (insn.opcode() == Opcode.INVOKEDYNAMIC) {
            return;
        }
        CallRef call = CallRef.of(constPool, indexAt(insn));
        CallRef declared = receivers.asDeclared(call); // dice.nextBytes(b) as Random's, clone() as Object's
        String params = call.descriptor().substring(1, call.descriptor().indexOf(')'));
        if (insn.opcode() == Opcode.INVOKESTATIC && call.owner().equals("java.lang.System") && call.name().equals("arraycopy")) {
            callChecksInstead(insn, "arraycopy", call.descriptor());
        } else if (insn.opcode() == Opcode.INVOKESTATIC && call.owner().equals("java.util.Arrays")) {
            int[] arguments = ArraysCalls.check(at(insn.pos()), call.name(), call.descriptor(), locals, site(insn.pos()));
            if (ArraysCalls.movesElements(call.name(), call.descriptor())) {
                elementsMoved(insn, arguments[0]);
            }
            String sequential = ArraysCalls.sequential(call.name());
            if (sequential != null) {
                callInstead(insn, call.owner(), sequential, call.descriptor());
            }
        } else if (call.owner().startsWith("[") && call.name().equals("clone")) { // Javassist names array classes as descriptors
            // The array on top is handed out element by element.
            Bytecode b = at(insn.pos());
            b.addOpcode(Opcode.DUP);
            b.addInvokestatic(CHECKS, "handOutAll", "(Ljava/lang/Object;)V");
        } else if (isObjectClone(insn, declared)) {
            // Its object on top, as a getfield's: a shared object's fields must be current to be copied.
            Bytecode b = at(insn.pos());
            b.addOpcode(Opcode.DUP);
            b.addInvokestatic(CHECKS, "readField", "(Ljava/lang/Object;)V");
        } else if (ReflectiveCalls.applies(call)) {
            ReflectiveCalls.check(at(insn.pos()), call, locals);
        } else if (JdkArrayCalls.applies(declared)) {
            int[] arguments = JdkArrayCalls.check(at(insn.pos()), declared, locals, site(insn.pos()));
            JdkArrayCalls.elementsStored(declared).forEach(p -> elementsMoved(insn, arguments[p]));
        } else if (insn.opcode() != Opcode.INVOKESTATIC && isConditionCall(call, params)) {
            callChecksInstead(insn, call.name() + "On", "(Ljava/lang/Object;" + params + ")V");
        }
    }

    /**
     * True for {@code super.clone()}, and for {@code clone()} or {@code other.clone()} in a class
     * that inherits {@code Object}'s (javac names the class, with {@code invokevirtual}): each
     * copies every field of its object at once. A job class's own {@code clone()} is rewritten itself.
     * {@code declared} names the call by the class that declares the method ({@link ReceiverWrites#asDeclared}).
     */
    private static boolean isObjectClone(Instruction insn, CallRef declared) {
        if (!declared.name().equals("clone") || !declared.descriptor().equals("()Ljava/lang/Object;")) {
            return false;
        }
        return insn.opcode() == Opcode.INVOKESPECIAL
                || insn.opcode() == Opcode.INVOKEVIRTUAL && declared.owner().equals("java.lang.Object");
    }

    /**
     * After {@code call} ({@code Arrays.sort(cells)}, {@code fill}, {@code list.toArray(cells)},
     * ...), whose array argument waits in local {@code array}: its elements learn the slots they
     * are in now ({@code Checks.elementsMoved}). The local starts as null on entry, for the
     * verifier: a jump to the code after the call runs this too, harmlessly.
     */
    private void elementsMoved(Instruction call, int array) {
        movedArrays.add(array);
        Bytecode b = at(call.next());
        b.addAload(array);
        b.addInvokestatic(CHECKS, "elementsMoved", "(Ljava/lang/Object;)V");
    }

    private static boolean isConditionCall(CallRef call, String params) {
        if (!call.descriptor().endsWith(")V")) {
            return false;
        }
        return switch (call.name()) {
            case "wait" -> params.isEmpty() || params.equals("J") || params.equals("JI");
            case "notify", "notifyAll" -> params.isEmpty();
            default -> false;
        };
    }

    /** Overwrites the invoke instruction with {@code invokestatic Checks.name(descriptor)}, padding with nops. */
    private void callChecksInstead(Instruction insn, String name, String descriptor) {
        callInstead(insn, CHECKS, name, descriptor);
    }

    /** Overwrites the invoke instruction with {@code invokestatic owner.name(descriptor)}, padding with nops. */
    private void callInstead(Instruction insn, String owner, String name, String descriptor) {
        int ref = constPool.addMethodrefInfo(constPool.addClassInfo(owner), name, descriptor);
        CodeIterator it = code.iterator();
        it.writeByte(Opcode.INVOKESTATIC, insn.pos());
        it.write16bit(ref, insn.pos() + 1);
        for (int p = insn.pos() + 3; p < insn.next(); p++) {
            it.writeByte(Opcode.NOP, p); // invokeinterface is two bytes longer
        }
    }

    /** Where {@code pos} is, as a stack trace would say: {@code pkg.Class.method(File.java:12)}. */
    private String site(int pos) {
        SourceFileAttribute source = (SourceFileAttribute) classFile.getAttribute(SourceFileAttribute.tag);
        int line = method.getLineNumber(pos);
        return classFile.getName() + "." + method.getName() + "("
                + (source == null ? "Unknown Source" : source.getFileName() + (line >= 0 ? ":" + line : "")) + ")";
    }

    // ------------------------------------------------------------------ entry

    private Bytecode entryCode() {
        Bytecode b = new Bytecode(constPool);
        for (Object cache : caches.values()) {
            if (cache instanceof ArraySite site) {
                CheckCode.initArraySite(b, site);
            } else {
                CheckCode.forget(b, new int[] {(Integer) cache});
            }
        }
        loopCaches.values().forEach(list -> list.forEach(site -> CheckCode.initArraySite(b, site)));
        if (kept != null) {
            CheckCode.forget(b, new int[] {kept.readBlock(), kept.writeBlock()});
        }
        List<CheckCode.ElementSlots> pairs = new ArrayList<>(elementSlots);
        pairs.addAll(returnedSlots.values());
        for (CheckCode.ElementSlots slots : pairs) { // set on every path, for the verifier
            b.addOpcode(Opcode.ACONST_NULL);
            b.addAstore(slots.array());
            b.addIconst(0);
            b.addIstore(slots.index());
        }
        for (int array : movedArrays) {
            b.addOpcode(Opcode.ACONST_NULL);
            b.addAstore(array);
        }
        if (writtenResultSlot >= 0) {
            CheckCode.currentResultWritten(b, writtenResultSlot); // what any way to the restoring code after a call finds
        }
        return b;
    }
}

package org.jdsm.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javassist.bytecode.Descriptor;
import javassist.bytecode.Opcode;

/**
 * The loads whose reference a store or a call then writes into, so that they are checked for
 * writing, not reading: a shared object's contents include the arrays and objects its fields hold,
 * and a shared array's include its elements' fields (diffs compare them by content). So
 * {@code obj.arr[i] = v} and {@code obj.inner.x = v} write {@code obj} (the {@code getfield}), and
 * {@code cells[i].value = v} writes {@code cells[i]} (the {@code aaload}); so does a call on the
 * element or field of a method that may change its object ({@code cells[i].move(dt)},
 * {@code obj.inner.increment()}, see {@link ReceiverWrites}), and a library call that writes an
 * array argument taken that way ({@code Arrays.fill(grid[i], v)}, the target of
 * {@code System.arraycopy}). {@code grid[i][j] = v} writes {@code grid[i]} as well as the row: a
 * {@code double[][]} registered whole holds its rows as contents (rows registered one by one sit
 * in an unregistered outer array, whose check is a no-op).
 * <p>
 * A write through a local ({@code Cell c = cells[i]; c.value = v}, {@code for (Cell c : cells)
 * c.move()}, {@code double[] row = grid[i]; row[j] = v}) checks for writing every element or field
 * load stored into that local anywhere in the method (each a conditional or switch expression may
 * give, as for a store straight into one, {@code (c ? grid[i] : grid[j])[k] = v}): newcomers write such aliases everywhere, and
 * javac's enhanced for loop over an array of objects is one. Finding which store reaches which use
 * would need a data-flow analysis; taking them all only turns some read checks into write checks
 * (a local slot reused for another variable). An element, field or such local passed to a method
 * of the job's classes that may change that parameter ({@code kick(cells[i], dt)}, {@code
 * clear(grid[i])}, see {@link ReceiverWrites#mayWriteArgument}) is written through too, and so
 * is the receiver of a getter whose result is written ({@code ledger.getEntries().add(x)}): a
 * write check of the receiver before the getter call ({@link #checksReceiver}). A write
 * further down writes every element and field on the way ({@code bags[i].items.add(x)} writes
 * {@code bags[i]}). A call of the job's whose result is written into ({@code at(i).v = x}, {@code
 * Cell c = at(i); c.move()}) is marked ({@link #writesResultOf}): the callee checks what it returns
 * ({@link #returned}). An array handed on where nothing follows it (captured by a lambda, stored
 * into a field or an array, given to a JDK method as an {@code Object}: {@code long[] row =
 * grid[i]; forEach(j -> row[j] = v)}, {@code cur = grid[i]}, {@code rows.add(grid[i])}) is taken
 * as written ({@link #escapedArray}). Not seen: another value passed on through a field.
 */
final class WrittenThrough {

    private final Set<Integer> loads = new HashSet<>();
    /** The getter calls whose receiver is written through what they return. */
    private final Set<Integer> receiverChecks = new HashSet<>();
    /** The calls of the job's methods whose result is written into ({@code at(i).v = x}): see {@link #writesResultOf}. */
    private final Set<Integer> resultCalls = new HashSet<>();
    private final Returned returned;

    /**
     * {@code descriptor}: the method's, for what it returns ({@link #returned}); {@code types}: of
     * what it pushes; {@code calledByJdk}: whether the JDK may call it ({@link LambdaResults#isBody},
     * {@link JdkCallbacks}), which hands on what it returns out of sight.
     */
    WrittenThrough(CodeScan scan, ReceiverWrites receivers, String descriptor, PushedTypes types, boolean calledByJdk) {
        Map<Integer, List<Instruction>> aliased = aliasedLoads(scan);
        returned = returned(scan, descriptor, aliased);
        for (Instruction insn : scan.instructions()) {
            List<Instruction> targets = writeTargets(scan, receivers, types, aliased.keySet(), insn);
            if (calledByJdk && insn.opcode() == Opcode.ARETURN) {
                targets.addAll(arrays(scan, types, insn, 0)); // mapToObj(i -> m[i]).forEach(r -> r[j] = v): no caller names it
            }
            for (Instruction written : targets) {
                markWritten(scan, aliased, throughGetters(scan, receivers, written));
            }
        }
    }

    /**
     * Marks {@code target} written, and every element or field load it was reached through: a
     * write into {@code bags[i].items} or {@code cells[i].pos.x} writes {@code bags[i]} and {@code
     * cells[i]}, whose contents include what they hold. A local holding an element or field stands
     * for every such load stored into it. Loads of objects that are not shared get write checks
     * that do nothing, as their read checks did.
     */
    private void markWritten(CodeScan scan, Map<Integer, List<Instruction>> aliased, Instruction target) {
        Deque<Instruction> pending = new ArrayDeque<>();
        if (target != null) {
            pending.push(target);
        }
        while (!pending.isEmpty()) {
            Instruction load = pending.pop();
            if (isResultCall(scan, load)) {
                resultCalls.add(load.pos());
            } else if (!isElementOrField(load)) {
                aliased.getOrDefault(scan.referenceLoadSlot(load), List.of()).forEach(pending::push);
            } else if (loads.add(load.pos())) {
                Instruction source = StackOrigin.sourceOf(scan, load);
                if (source != null) {
                    pending.push(source);
                }
            }
        }
    }

    /**
     * {@code written} if it is not what a getter returned; else, going back through the getters
     * ({@code ledger.getEntries().add(x)}, see {@link ReceiverWrites#mayReturnPart}), each getter
     * call gets a write check of its receiver, and is named to its callee as a result written
     * ({@link #writesResultOf}), and the first receiver that is not a getter's result is returned
     * (null if not known).
     */
    private Instruction throughGetters(CodeScan scan, ReceiverWrites receivers, Instruction written) {
        Instruction target = written;
        while (target != null && isGetter(scan, target)
                && receivers.mayReturnPart(target.opcode(), CallRef.of(scan.constPool(), scan.u16At(target)))) {
            receiverChecks.add(target.pos());
            if (isResultCall(scan, target)) {
                resultCalls.add(target.pos()); // what it returns may be an element of its own, not a part of its receiver
            }
            target = StackOrigin.receiverOf(scan, target);
        }
        return target;
    }

    /** True for a call of an instance method without parameters that returns a reference. */
    private static boolean isGetter(CodeScan scan, Instruction insn) {
        if (!scan.isInstanceCall(insn)) {
            return false;
        }
        String descriptor = CallRef.of(scan.constPool(), scan.u16At(insn)).descriptor();
        return descriptor.startsWith("()L") || descriptor.startsWith("()[");
    }

    /**
     * What a method returns that its caller may write into: the element and field loads whose
     * value it returns, directly, through a local or a conditional expression ({@code return
     * cells[i]}, {@code Cell c = cells[i]; ... return c}, {@code return c ? cells[i] : cells[j]}),
     * with the loads they are reached through ({@code return holder.cells[i]}): {@code loads};
     * and the calls of the job's methods whose result it returns ({@code return find(i)}): {@code
     * calls}; {@code direct}: the loads among {@code loads} whose value is returned itself. By
     * position.
     */
    record Returned(Set<Integer> loads, Set<Integer> calls, Set<Integer> direct) {
    }

    /**
     * What a method with {@code descriptor} returns (see {@link Returned}), {@code aliased} being its
     * locals' loads ({@link #aliasedLoads}); nothing unless it returns a reference.
     */
    private static Returned returned(CodeScan scan, String descriptor, Map<Integer, List<Instruction>> aliased) {
        Returned returned = new Returned(new HashSet<>(), new HashSet<>(), new HashSet<>());
        if (!returnsReference(descriptor)) {
            return returned;
        }
        Deque<Instruction> pending = new ArrayDeque<>();
        for (Instruction insn : scan.instructions()) {
            if (insn.opcode() != Opcode.ARETURN) {
                continue;
            }
            for (Instruction value : StackOrigin.pushers(scan, insn, 0)) { // each value a conditional expression may give
                if (!isElementOrField(value) && !isResultCall(scan, value)) {
                    aliased.getOrDefault(scan.referenceLoadSlot(value), List.of()).forEach(pending::push);
                } else {
                    pending.push(value);
                }
            }
        }
        pending.stream().filter(WrittenThrough::isElementOrField).forEach(load -> returned.direct().add(load.pos()));
        while (!pending.isEmpty()) {
            Instruction load = pending.pop();
            if (isResultCall(scan, load)) {
                returned.calls().add(load.pos());
            } else if (returned.loads().add(load.pos())) {
                Instruction source = StackOrigin.sourceOf(scan, load);
                if (source != null && isElementOrField(source)) {
                    pending.push(source);
                }
            }
        }
        return returned;
    }

    /**
     * Per local slot: the element and field loads and the calls' results stored into it ({@code
     * Cell c = cells[i]}, {@code Cell c = at(i)}), also through other locals ({@code long[] a =
     * m[i]; long[] b = a;}, {@code Object o = things[i]; if (o instanceof long[] row)}).
     */
    private static Map<Integer, List<Instruction>> aliasedLoads(CodeScan scan) {
        Map<Integer, List<Instruction>> stored = new HashMap<>();
        Map<Integer, Set<Integer>> copiedFrom = new HashMap<>();
        for (Instruction insn : scan.instructions()) {
            int slot = scan.referenceStoreSlot(insn);
            if (slot >= 0) {
                for (Instruction value : StackOrigin.pushers(scan, insn, 0)) { // each a conditional or switch may give
                    int from = scan.referenceLoadSlot(value);
                    if (isElementOrField(value) || isResultCall(scan, value)) {
                        stored.computeIfAbsent(slot, k -> new ArrayList<>()).add(value);
                    } else if (from >= 0 && from != slot) {
                        copiedFrom.computeIfAbsent(slot, k -> new HashSet<>()).add(from);
                    }
                }
            }
        }
        Map<Integer, List<Instruction>> aliased = new HashMap<>(stored);
        for (int slot : copiedFrom.keySet()) {
            Set<Integer> reached = new HashSet<>();
            Deque<Integer> pending = new ArrayDeque<>(List.of(slot));
            List<Instruction> loads = new ArrayList<>();
            while (!pending.isEmpty()) {
                int at = pending.pop();
                if (reached.add(at)) {
                    loads.addAll(stored.getOrDefault(at, List.of()));
                    pending.addAll(copiedFrom.getOrDefault(at, Set.of()));
                }
            }
            if (!loads.isEmpty()) {
                aliased.put(slot, loads);
            }
        }
        return aliased;
    }

    /**
     * What {@code insn} writes into: the instruction that pushed the object of a {@code putfield},
     * the array of an array store, the receiver of a call that may change it, an argument a call
     * may change ({@link ReceiverWrites#mayWriteArgument}), the array that a {@code
     * java.util.Arrays} writer or {@code System.arraycopy} writes, an array argument of another
     * JDK method that writes its arrays ({@link JdkArrayCalls#writesArrays}), or what a handle or
     * reflection sets ({@link ReflectiveCalls}: {@code vh.set(holder.arr, j, v)}). Only elements, fields, locals
     * holding one ({@code aliasSlots}) and getters' results are looked at as receivers and
     * arguments: the callee is analysed last.
     */
    private static List<Instruction> writeTargets(CodeScan scan, ReceiverWrites receivers, PushedTypes types,
            Set<Integer> aliasSlots, Instruction insn) {
        List<Instruction> targets = new ArrayList<>(escapedArray(scan, types, insn));
        targets.addAll(writtenInPlace(scan, receivers, aliasSlots, insn));
        return targets;
    }

    /** What {@code insn} itself writes into, or lets a call write into (see {@link #writeTargets}). */
    private static List<Instruction> writtenInPlace(CodeScan scan, ReceiverWrites receivers, Set<Integer> aliasSlots,
            Instruction insn) {
        int op = insn.opcode();
        if (op == Opcode.PUTFIELD || op >= Opcode.IASTORE && op <= Opcode.SASTORE) {
            return StackOrigin.storeTargetsOf(scan, insn);
        }
        if (op < Opcode.INVOKEVIRTUAL || op > Opcode.INVOKEINTERFACE) {
            return List.of();
        }
        CallRef call = CallRef.of(scan.constPool(), scan.u16At(insn));
        if (call.name().equals("<init>")) {
            return List.of();
        }
        // Each value a conditional or switch expression may give is written: Arrays.fill(c ? m[i] : m[j], v).
        if (op == Opcode.INVOKESTATIC && call.owner().equals("java.lang.System") && call.name().equals("arraycopy")) {
            return StackOrigin.pushers(scan, insn, 2); // the target, under its position and the length
        }
        if (op == Opcode.INVOKESTATIC && call.owner().equals("java.util.Arrays")) {
            return ArraysCalls.WRITERS.contains(call.name())
                    ? StackOrigin.pushers(scan, insn, Descriptor.paramSize(call.descriptor()) - 1) // the first argument
                    : List.of();
        }
        List<Instruction> targets = new ArrayList<>();
        List<String> params = ArraysCalls.parameters(call.descriptor());
        boolean writesArrays = JdkArrayCalls.writesArrays(receivers.asDeclared(call)); // in.read(holder.bytes), s.getChars(0, n, grid[i], 0)
        boolean reflective = ReflectiveCalls.applies(call) && ReflectiveCalls.writes(call); // vh.set(m[i], j, v)
        int above = 0;
        for (int p = params.size() - 1; p >= 0; p--) {
            char kind = params.get(p).charAt(0);
            if (kind == 'L' || kind == '[') {
                List<Instruction> arguments = candidates(scan, aliasSlots, insn, above); // kick(c ? m[i] : m[j])
                if (!arguments.isEmpty() && (kind == '[' && writesArrays || reflective && ReflectiveCalls.reaches(call, p, params.get(p))
                        || receivers.mayWriteArgument(op, call, p))) {
                    targets.addAll(arguments);
                }
            }
            above += Descriptor.dataSize(params.get(p));
        }
        if (op != Opcode.INVOKESTATIC) {
            List<Instruction> receiver = candidates(scan, aliasSlots, insn, Descriptor.paramSize(call.descriptor()));
            if (!receiver.isEmpty() && receivers.mayWrite(op, call)) {
                targets.addAll(receiver);
            }
        }
        return targets;
    }

    /**
     * The arrays that {@code insn} lets out of sight, to be written later where no check knows what
     * holds them: a row of an array of arrays, or an array a field holds, captured by a lambda
     * ({@code long[] row = m[i]; forEach(j -> row[j] = v)}), given to a constructor of the job's
     * classes ({@code new View(m[i])}) or to a JDK method as an {@code Object} ({@code
     * rows.add(m[i])}, {@code Optional.of(m[i])}), stored into a field ({@code this.cur = m[i]})
     * or into any array ({@code mine[0] = m[i]}, an array initializer, varargs). Their loads are
     * checked for writing, as the write itself would be if the method made it. Not counted: a
     * value that surely is no array ({@link PushedTypes}: {@code rows.add(cells[i])} of a {@code
     * Cell[]}, whose elements know their block), a method of the job's (followed, {@link
     * ReceiverWrites#mayWriteArgument}) and a JDK method's array parameters ({@link
     * JdkArrayCalls} checks them as the method reads or writes them: {@code String.valueOf(chars)}
     * stays a read).
     */
    private static List<Instruction> escapedArray(CodeScan scan, PushedTypes types, Instruction insn) {
        int op = insn.opcode();
        if (op == Opcode.PUTFIELD || op == Opcode.PUTSTATIC) {
            return PushedTypes.mayHoldArray(scan.constPool().getFieldrefType(scan.u16At(insn)))
                    ? arrays(scan, types, insn, 0) : List.of();
        }
        if (op == Opcode.AASTORE) {
            return arrays(scan, types, insn, 0);
        }
        String descriptor;
        boolean jdk = false;
        if (op == Opcode.INVOKEDYNAMIC) {
            descriptor = scan.constPool().getInvokeDynamicType(scan.u16At(insn));
        } else if (op >= Opcode.INVOKEVIRTUAL && op <= Opcode.INVOKEINTERFACE) {
            CallRef call = CallRef.of(scan.constPool(), scan.u16At(insn));
            jdk = ReceiverWrites.isJdk(call.owner());
            if (!jdk && !call.name().equals("<init>") || JdkArrayCalls.isDeepEquals(call)) {
                return List.of();
            }
            descriptor = call.descriptor();
        } else {
            return List.of();
        }
        List<Instruction> escaped = new ArrayList<>();
        List<String> params = ArraysCalls.parameters(descriptor);
        int above = 0;
        for (int p = params.size() - 1; p >= 0; p--) {
            String param = params.get(p);
            if (PushedTypes.mayHoldArray(param) && !(jdk && param.startsWith("["))) {
                escaped.addAll(arrays(scan, types, insn, above));
            }
            above += Descriptor.dataSize(param);
        }
        return escaped;
    }

    /** What may have pushed the value under the top {@code slotsAbove} slots before {@code insn}, if it may be an array. */
    private static List<Instruction> arrays(CodeScan scan, PushedTypes types, Instruction insn, int slotsAbove) {
        return StackOrigin.pushers(scan, insn, slotsAbove).stream().filter(types::mayBeArray).toList();
    }

    /** Each value a conditional or switch expression may give under the top {@code slotsAbove} slots before {@code insn} that is a {@link #candidate}. */
    private static List<Instruction> candidates(CodeScan scan, Set<Integer> aliasSlots, Instruction insn, int slotsAbove) {
        return StackOrigin.pushers(scan, insn, slotsAbove).stream().filter(pushed -> candidate(scan, aliasSlots, pushed)).toList();
    }

    /** True for an element or field load, a load of a local holding one, or a call's result. */
    private static boolean candidate(CodeScan scan, Set<Integer> aliasSlots, Instruction pushed) {
        return pushed != null && (isElementOrField(pushed) || aliasSlots.contains(scan.referenceLoadSlot(pushed))
                || isGetter(scan, pushed) || isResultCall(scan, pushed));
    }

    /**
     * True for a call of a method of the job's classes, or of a JDK interface (which a lambda of the
     * job's may implement: {@code Supplier<Cell> s = () -> cells[i]}), that returns a reference:
     * what it returns may be an element or field that it loads ({@code Cell at(int i) { return
     * cells[i]; }}), which the callee checks for writing when the caller names it ({@link
     * #writesResultOf}).
     */
    private static boolean isResultCall(CodeScan scan, Instruction insn) {
        if (!scan.isInstanceCall(insn) && insn.opcode() != Opcode.INVOKESTATIC) {
            return false;
        }
        CallRef call = CallRef.of(scan.constPool(), scan.u16At(insn));
        return returnsReference(call.descriptor()) && !call.name().equals("<init>")
                && (!ReceiverWrites.isJdk(call.owner()) || insn.opcode() == Opcode.INVOKEINTERFACE); // Supplier.get(): maybe a lambda's
    }

    /** True if a method with {@code descriptor} returns an object or an array. */
    private static boolean returnsReference(String descriptor) {
        char returns = descriptor.charAt(descriptor.indexOf(')') + 1);
        return returns == 'L' || returns == '[';
    }

    private static boolean isElementOrField(Instruction insn) {
        return insn.opcode() == Opcode.GETFIELD || insn.opcode() == Opcode.AALOAD;
    }

    /**
     * True if the call at {@code pos} is of a method of the job's whose result is written into
     * ({@code at(i).v = x}, {@code Cell c = at(i); c.move()}): the caller names the method around
     * the call, and the callee checks what it returns for writing ({@code WrittenResults}).
     */
    boolean writesResultOf(int pos) {
        return resultCalls.contains(pos);
    }

    /** What the method returns that its caller may write into. */
    Returned returned() {
        return returned;
    }

    /**
     * True if the callee of the call at {@code pos} is to check what it returns for writing: its
     * result is written into ({@link #writesResultOf}) or returned ({@code return find(i)}).
     */
    boolean namesResultOf(int pos) {
        return resultCalls.contains(pos) || returned.calls().contains(pos);
    }

    /** True if the getter call at {@code pos} returns part of its receiver, which is then written through. */
    boolean checksReceiver(int pos) {
        return receiverChecks.contains(pos);
    }

    /** True if the {@code getfield} or {@code aaload} at {@code pos} is written through. */
    boolean contains(int pos) {
        return loads.contains(pos);
    }
}

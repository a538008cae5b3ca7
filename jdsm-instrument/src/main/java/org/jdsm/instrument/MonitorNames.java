package org.jdsm.instrument;

import java.util.function.Predicate;
import javassist.ClassPool;
import javassist.CtClass;
import javassist.NotFoundException;
import javassist.bytecode.ConstPool;
import javassist.bytecode.Opcode;

/**
 * The job-wide lock a monitor that is not shared stands for, where the program means one object
 * for the whole job although each node has its own: what is loaded from a static field of a job
 * class ({@code synchronized (LOCK)}: one per JVM, and every node runs one JVM's worth of the
 * program), from an instance field of the job object ({@code synchronized (lock)} in the
 * {@code Spmd} class: one job object per node, as for {@code synchronized (this)}), and a job
 * class's {@code Class} object ({@code static synchronized} methods, {@code synchronized (Job.class)}),
 * and an element of an array held in such a field ({@code synchronized (LOCKS[b])}: one lock per index).
 * The lock is named after the field or class, so every node, and every way the program names the
 * field (through a subclass, say), takes the same one. At run time a shared or job object still
 * takes its own lock ({@code Checks.enter}).
 */
final class MonitorNames {

    /** The names' common prefix, as the job monitor's ({@code org.jdsm.instrument:job-monitor}). */
    private static final String PREFIX = "org.jdsm.instrument:";
    private static final String SPMD = "org.jdsm.Spmd";
    /**
     * Ends the name of an element's lock, {@code ...static:com.example.Job.LOCKS[]}: the element's
     * index goes between the brackets at run time ({@code Checks.elementLock}).
     */
    static final String ELEMENT = "[]";

    private final ClassPool types;
    private final Predicate<String> jobClasses;

    /**
     * Resolves fields and superclasses through {@code types}; {@code jobClasses} tells the job's
     * classes (those the rewriter rewrites, dotted names): a monitor held in a static field of the
     * JDK or a library ({@code System.out}) stays what it was.
     */
    MonitorNames(ClassPool types, Predicate<String> jobClasses) {
        this.types = types;
        this.jobClasses = jobClasses;
    }

    /** The lock of {@code className}'s {@code Class} object (its static synchronized methods). */
    private static String ofClass(String className) {
        return PREFIX + "class:" + className;
    }

    /**
     * The lock of the object a {@code monitorenter} takes, if that object came straight from a
     * static field of a job class, an instance field declared in a subclass of {@code Spmd}, or a
     * job class's literal, or is an element of an array that did ({@code synchronized (LOCKS[b])},
     * lock striping: one lock per index, its name ending in {@link #ELEMENT}); null for anything
     * else (a local, a parameter, a method's result, a branch's join).
     */
    String ofBlock(CodeScan scan, Instruction monitorenter) {
        Instruction origin = StackOrigin.pusher(scan, monitorenter, 0);
        if (origin != null && origin.opcode() == Opcode.AALOAD) {
            Instruction array = StackOrigin.sourceOf(scan, origin);
            String arrayLock = array == null || array.opcode() == Opcode.AALOAD ? null : ofOrigin(scan, array);
            return arrayLock == null ? null : arrayLock + ELEMENT;
        }
        return ofOrigin(scan, origin);
    }

    /**
     * For a lock {@link #ofBlock} names after an element ({@code synchronized (LOCKS[b])}): the
     * {@code aaload} that loads it, whose index completes the name at run time; null for any other lock.
     */
    static Instruction elementLoad(CodeScan scan, Instruction monitorenter, String lock) {
        return lock != null && lock.endsWith(ELEMENT) ? StackOrigin.pusher(scan, monitorenter, 0) : null;
    }

    /** The lock of an object that came straight from {@code origin}: a field or a class literal. */
    private String ofOrigin(CodeScan scan, Instruction origin) {
        if (origin == null) {
            return null;
        }
        ConstPool cp = scan.constPool();
        return switch (origin.opcode()) {
            case Opcode.GETSTATIC -> {
                String declaring = declaringClass(cp, scan.u16At(origin));
                yield jobClasses.test(declaring) ? fieldLock("static:", declaring, cp, scan.u16At(origin)) : null;
            }
            case Opcode.GETFIELD -> {
                String declaring = declaringClass(cp, scan.u16At(origin));
                yield isJobClass(declaring) ? fieldLock("job-field:", declaring, cp, scan.u16At(origin)) : null;
            }
            case Opcode.LDC, Opcode.LDC_W -> {
                int index = origin.opcode() == Opcode.LDC ? scan.u8At(origin) : scan.u16At(origin);
                yield cp.getTag(index) == ConstPool.CONST_Class && jobClasses.test(cp.getClassInfo(index))
                        ? ofClass(cp.getClassInfo(index)) : null;
            }
            default -> null;
        };
    }

    private static String fieldLock(String kind, String declaring, ConstPool cp, int fieldref) {
        return PREFIX + kind + declaring + "." + cp.getFieldrefName(fieldref);
    }

    /**
     * The class that declares the field {@code fieldref} names, looked up as the JVM resolves it
     * (the class named, its interfaces, then its superclasses): javac names the class the program
     * wrote ({@code Sub.LOCK} for a field of {@code Base}). The class named if it cannot be read.
     */
    private String declaringClass(ConstPool cp, int fieldref) {
        String named = cp.getFieldrefClassName(fieldref);
        try {
            return types.get(named).getField(cp.getFieldrefName(fieldref), cp.getFieldrefType(fieldref))
                    .getDeclaringClass().getName();
        } catch (NotFoundException e) {
            return named;
        }
    }

    /**
     * True for a job class below {@code Spmd}: its instances are the job object (one per node).
     * Walks superclass names, so {@code Spmd} itself need not be on the rewriter's class path.
     */
    private boolean isJobClass(String className) {
        if (!jobClasses.test(className)) {
            return false;
        }
        String name = className;
        try {
            while (name != null && !name.equals(SPMD)) {
                CtClass c = types.get(name);
                name = c.getClassFile2().getSuperclass();
            }
        } catch (NotFoundException e) {
            return false;
        }
        return name != null;
    }
}

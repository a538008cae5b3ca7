package org.jdsm.instrument;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javassist.ByteArrayClassPath;
import javassist.ClassPath;
import javassist.ClassPool;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.AttributeInfo;
import javassist.bytecode.BadBytecode;
import javassist.bytecode.ClassFile;
import javassist.bytecode.DuplicateMemberException;
import javassist.bytecode.MethodInfo;

/**
 * The one rewriter behind the agent, the offline instrumenter and the test class loader: turns a
 * user class file into one whose shared-object accesses are checked and whose {@code synchronized}
 * on shared objects takes JDSM locks (see {@link MethodRewriter}). Marks what it rewrote, so a
 * class is never instrumented twice (an offline-instrumented jar run with the agent, say).
 */
public final class Rewriter {

    /** Class attribute (ignored by JVMs) that marks an instrumented class. */
    static final String MARK = "org.jdsm.Instrumented";
    /**
     * HotSpot's {@code HugeMethodLimit}: a method with more bytes of code is never compiled (while
     * {@code DontCompileHugeMethods} is on, the default), so it would run interpreted.
     */
    static final int HUGE_METHOD = 8000;

    private final ClassPool types;
    /** Which calls change their receiver, kept across the classes rewritten (the callees are often elsewhere). */
    private final ReceiverWrites receivers;
    private final MonitorNames monitors;

    /**
     * A rewriter that resolves the classes a rewritten class refers to (needed to compute its
     * stack maps) through {@code types}, for a job whose classes are the user classes ({@link ClassFilter}).
     */
    public Rewriter(ClassPool types) {
        this(types, ClassFilter::isUserClass);
    }

    /**
     * As {@link #Rewriter(ClassPool)}, for a job whose classes (the classes rewritten) are those
     * {@code jobClasses} accepts (dotted names): a monitor held in a static field of one of them
     * takes a job-wide lock ({@link MonitorNames}).
     */
    public Rewriter(ClassPool types, Predicate<String> jobClasses) {
        this.types = types;
        this.receivers = new ReceiverWrites(types);
        this.monitors = new MonitorNames(types, jobClasses);
    }

    /** A rewriter resolving classes through {@code loader} and the JDK, for the user classes. */
    public static Rewriter forLoader(ClassLoader loader) {
        return forLoader(loader, ClassFilter::isUserClass);
    }

    /** A rewriter resolving classes through {@code loader} and the JDK, for the job classes {@code jobClasses} accepts. */
    public static Rewriter forLoader(ClassLoader loader, Predicate<String> jobClasses) {
        ClassPool pool = new ClassPool(true);
        if (loader != null) {
            pool.insertClassPath(new javassist.LoaderClassPath(loader));
        }
        return new Rewriter(pool, jobClasses);
    }

    /**
     * The instrumented form of {@code classFile}, or null if it is instrumented already.
     *
     * @throws RewriteException naming the class and method that cannot be rewritten
     */
    public byte[] rewrite(byte[] classFile) throws RewriteException {
        ClassFile cf = parse(classFile);
        if (isMarked(cf)) {
            return null;
        }
        synchronized (types) {
            // The class itself may not be loadable yet: let the stack map computation find it.
            ClassPath self = types.insertClassPath(new ByteArrayClassPath(cf.getName(), classFile));
            try {
                Set<String> grewHuge = rewriteMethods(cf, Set.of());
                if (!grewHuge.isEmpty()) {
                    cf = parse(classFile);
                    rewriteMethods(cf, grewHuge);
                }
                SlotMembers.addTo(cf); // after the methods: its accessors are not checked
            } catch (DuplicateMemberException e) {
                throw new RewriteException("cannot instrument " + cf.getName() + ": " + e.getMessage(), e);
            } finally {
                types.removeClassPath(self);
            }
        }
        cf.addAttribute(new AttributeInfo(cf.getConstPool(), MARK, new byte[0]));
        return write(cf);
    }

    /**
     * Rewrites every method, those named in {@code compact} ({@code name + descriptor}) without
     * caching checks at access sites (whose forgetting after each call is most of what a method
     * grows by). Returns the methods that grew past {@link #HUGE_METHOD} from below it while caching.
     */
    private Set<String> rewriteMethods(ClassFile cf, Set<String> compact) throws RewriteException {
        CallSafety calls;
        Map<String, CalleeChecks> callees;
        Map<String, String> lambdas;
        List<MethodInfo> methods;
        try {
            JdkMethodReferences.bridge(cf, receivers); // before the methods are listed: the bridges are rewritten too
            methods = new ArrayList<>(cf.getMethods());
            calls = new CallSafety(cf, types);
            callees = CalleeChecks.of(cf);
            lambdas = LambdaResults.of(cf);
            addUncheckedCopies(cf, methods, callees.keySet());
        } catch (BadBytecode | DuplicateMemberException e) {
            throw new RewriteException("cannot instrument " + cf.getName() + ": " + e.getMessage(), e);
        }
        Set<String> grewHuge = new HashSet<>();
        for (MethodInfo m : methods) {
            if (m.getCodeAttribute() == null) {
                continue;
            }
            String name = m.getName() + m.getDescriptor();
            int before = m.getCodeAttribute().getCodeLength();
            try {
                String resultKey = lambdas.getOrDefault(name, CheckCode.resultKey(m.getName(), m.getDescriptor()));
                new MethodRewriter(cf, m, calls, receivers, monitors, callees, resultKey, !compact.contains(name)).rewrite(types);
            } catch (BadBytecode | RuntimeException e) {
                throw new RewriteException("cannot instrument " + cf.getName() + "." + name + ": " + e.getMessage(), e);
            }
            if (before <= HUGE_METHOD && m.getCodeAttribute().getCodeLength() > HUGE_METHOD) {
                grewHuge.add(name);
            }
        }
        return grewHuge;
    }

    /**
     * A private copy, as compiled, of each of the {@code helpers} ({@code name + descriptor}) among
     * {@code methods}, for the calls that checked its accesses already.
     */
    private static void addUncheckedCopies(ClassFile cf, List<MethodInfo> methods, Set<String> helpers)
            throws BadBytecode, DuplicateMemberException {
        for (MethodInfo m : methods) {
            if (helpers.contains(m.getName() + m.getDescriptor())) {
                MethodInfo copy = new MethodInfo(cf.getConstPool(), CalleeChecks.uncheckedName(m.getName()), m, null);
                copy.setAccessFlags(AccessFlag.PRIVATE | AccessFlag.STATIC | AccessFlag.SYNTHETIC);
                cf.addMethod(copy);
            }
        }
    }

    /**
     * True if {@code classFile} was instrumented already.
     *
     * @throws RewriteException if it is no class file
     */
    public static boolean isInstrumented(byte[] classFile) throws RewriteException {
        return isMarked(parse(classFile));
    }

    private static boolean isMarked(ClassFile cf) {
        return cf.getAttribute(MARK) != null;
    }

    private static ClassFile parse(byte[] bytes) throws RewriteException {
        try {
            return new ClassFile(new DataInputStream(new ByteArrayInputStream(bytes)));
        } catch (IOException | RuntimeException e) {
            throw new RewriteException("cannot read a class file (" + bytes.length + " bytes): " + e.getMessage(), e);
        }
    }

    private static byte[] write(ClassFile cf) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DataOutputStream data = new DataOutputStream(out)) {
            cf.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return out.toByteArray();
    }
}

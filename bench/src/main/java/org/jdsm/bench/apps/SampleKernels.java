package org.jdsm.bench.apps;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/**
 * The samples' own SOR and Pi kernels, sizes and validations, for the Hazelcast versions
 * ({@link HzKernels}): so Hazelcast runs exactly the same arithmetic and the same PASS check as the
 * JDSM sample. The samples keep them package-private ({@code SorKernel}, {@code SorSize},
 * {@code SorReference}, {@code PiKernel}, {@code PiSize}, {@code PiReference}); the benchmark runs
 * in the unnamed module, so it reaches them reflectively, and fails at the first use with the
 * member's name if one is renamed. Public accessors in the samples would make this unnecessary.
 */
final class SampleKernels {

    private static final String SOR = "org.jdsm.samples.sor.";
    private static final String PI = "org.jdsm.samples.pi.";

    private SampleKernels() {
    }

    // ------------------------------------------------------------------ SOR

    /** {@code SorSize.parse(args)}. */
    static Object sorSize(List<String> args) {
        return call(SOR + "SorSize", "parse", new Class<?>[] {List.class}, null, args);
    }

    static int sorN(Object size) {
        return (Integer) call(SOR + "SorSize", "n", new Class<?>[0], size);
    }

    static int sorIterations(Object size) {
        return (Integer) call(SOR + "SorSize", "iterations", new Class<?>[0], size);
    }

    static double[] sorGrid(int n) {
        return (double[]) call(SOR + "SorKernel", "randomGrid", new Class<?>[] {int.class}, null, n);
    }

    private static volatile Method relax;

    /** {@code SorKernel.relax(g, n, from, to, colour)}. */
    static void sorRelax(double[] g, int n, int from, int to, int colour) {
        if (relax == null) {
            relax = method(SOR + "SorKernel", "relax", double[].class, int.class, int.class, int.class, int.class);
        }
        invoke(relax, null, g, n, from, to, colour);
    }

    static double sorTotal(double[] g, int n) {
        return (Double) call(SOR + "SorKernel", "total", new Class<?>[] {double[].class, int.class}, null, g, n);
    }

    /** {@code SorReference.validate(size, total, summary)}: prints PASS or throws. */
    static void sorValidate(Object size, double total, String summary) {
        call(SOR + "SorReference", "validate", new Class<?>[] {cls(SOR + "SorSize"), double.class, String.class},
                null, size, total, summary);
    }

    // ------------------------------------------------------------------ Pi

    static Object piSize(List<String> args) {
        return call(PI + "PiSize", "parse", new Class<?>[] {List.class}, null, args);
    }

    static int piChunks(Object size) {
        return (Integer) call(PI + "PiSize", "chunks", new Class<?>[0], size);
    }

    private static volatile Method chunk;

    /** {@code PiKernel.chunk(size, c)}. */
    static double piChunk(Object size, int c) {
        if (chunk == null) {
            chunk = method(PI + "PiKernel", "chunk", cls(PI + "PiSize"), int.class);
        }
        return (Double) invoke(chunk, null, size, c);
    }

    static double piTotal(double[] chunkSums) {
        return (Double) call(PI + "PiKernel", "total", new Class<?>[] {double[].class}, null, (Object) chunkSums);
    }

    static void piValidate(Object size, double pi, String summary) {
        call(PI + "PiReference", "validate", new Class<?>[] {cls(PI + "PiSize"), double.class, String.class},
                null, size, pi, summary);
    }

    // ------------------------------------------------------------------ reflection

    private static Class<?> cls(String name) {
        try {
            return Class.forName(name, true, SampleKernels.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("sample class " + name + " not found (renamed?)", e);
        }
    }

    private static Method method(String cls, String name, Class<?>... params) {
        try {
            Method m = cls(cls).getDeclaredMethod(name, params);
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot reach " + cls + "." + name + " (changed?): " + e, e);
        }
    }

    private static Object call(String cls, String name, Class<?>[] params, Object target, Object... args) {
        return invoke(method(cls, name, params), target, args);
    }

    private static Object invoke(Method m, Object target, Object... args) {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r; // e.g. the sample's FAIL
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + m + ": " + e, e);
        }
    }
}

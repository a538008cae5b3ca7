package org.jdsm.instrument;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import javassist.bytecode.Bytecode;
import javassist.bytecode.Opcode;

/**
 * Checks around calls of JDK methods (but {@code java.util.Arrays} and {@code System.arraycopy},
 * which have their own) that take arrays, whose elements the JDK reads or writes out of sight of
 * the per-access checks: {@code IntStream.of(a)}, {@code new String(chars)}, {@code
 * out.write(bytes)} read them, {@code in.read(bytes)}, {@code random.nextBytes(bytes)}, {@code
 * s.getChars(0, n, chars, 0)}, {@code list.toArray(names)} write them. Before the call each array
 * argument is checked whole: written if the method is one of {@link #WRITERS} (by name, whatever
 * its class), else as the elements are handed out ({@code Checks.handOutAll}: read, or written
 * if they are objects that can be changed in place). {@code java.nio} buffers' {@code wrap} would
 * hand out a live, unchecked view, so it refuses shared arrays, naming the call site.
 */
final class JdkArrayCalls {

    /**
     * Names of JDK methods that store into (some of) their array arguments: {@code Random},
     * {@code InputStream}, {@code Reader}, {@code DataInput}, {@code String}, {@code
     * Collection.toArray}, the {@code java.nio} buffers' bulk {@code get}, {@code Inflater},
     * {@code Deflater}, {@code MessageDigest.digest}, {@code Cipher}, {@code Character.toChars(cp,
     * dst, i)}, {@code Base64}'s {@code encode(src, dst)} and {@code decode(src, dst)}. All their arrays are
     * write-checked; a method of the same name that only reads costs a write check where a read
     * would do.
     */
    static final Set<String> WRITERS = Set.of("nextBytes", "read", "readNBytes", "readFully", "getChars", "getBytes",
            "toArray", "get", "inflate", "deflate", "digest", "update", "doFinal", "toChars", "encode", "decode");
    private static final String CHECKS = CheckCode.CHECKS;

    private JdkArrayCalls() {
    }

    /**
     * True for a call of a JDK method (not of an array, {@code Arrays} or {@code System}) that takes
     * an array, or of {@code Objects.deepEquals}, which takes its arrays as {@code Object}s.
     */
    static boolean applies(CallRef call) {
        int array = call.descriptor().indexOf('[');
        return ReceiverWrites.isJdk(call.owner()) && !call.owner().equals("java.util.Arrays")
                && !call.owner().equals("java.lang.System") && (array >= 0 && array < call.descriptor().indexOf(')')
                || isDeepEquals(call));
    }

    /** {@code Objects.deepEquals(a, b)}: compares arrays given as {@code Object}s element by element, and the arrays they hold. */
    static boolean isDeepEquals(CallRef call) {
        return call.owner().equals("java.util.Objects") && call.name().equals("deepEquals");
    }

    /**
     * True for a call of a JDK method that may store into its array arguments ({@link #WRITERS}): an
     * array taken from a field of a shared object or a row of a shared array of arrays is then
     * written through, as for an {@code Arrays} writer ({@code in.read(holder.bytes)}).
     */
    static boolean writesArrays(CallRef call) {
        return applies(call) && WRITERS.contains(call.name());
    }

    /**
     * Before {@code call} at {@code site}: checks its array arguments ({@link JdkArrayCalls}).
     * Returns the locals that hold its arguments during and after the call, one per parameter
     * (none for {@code Objects.deepEquals}).
     */
    static int[] check(Bytecode code, CallRef call, Locals locals, String site) {
        if (isDeepEquals(call)) {
            // a, b on the stack: each read with the arrays it holds, as Arrays.deepEquals is
            code.addOpcode(Opcode.DUP2);
            code.addIconst(0);
            code.addInvokestatic(CHECKS, "bulkDeep", "(Ljava/lang/Object;Z)V");
            code.addIconst(0);
            code.addInvokestatic(CHECKS, "bulkDeep", "(Ljava/lang/Object;Z)V");
            return new int[0];
        }
        boolean view = call.owner().startsWith("java.nio.") && call.name().equals("wrap");
        boolean writes = writesArrays(call);
        return ArraysCalls.checkArguments(code, call.descriptor(), locals, (List<String> params, int[] slots, int p) -> {
            code.addAload(slots[p]);
            if (view) {
                ArraysCalls.refuseView(code, simpleName(call.owner()) + ".wrap", site);
            } else if (writes) {
                code.addIconst(1);
                code.addInvokestatic(CHECKS, "bulkAll", "(Ljava/lang/Object;Z)V");
            } else {
                code.addInvokestatic(CHECKS, "handOutAll", "(Ljava/lang/Object;)V");
            }
        });
    }

    /**
     * The parameters of {@code call} that are arrays of objects it may store into ({@code
     * list.toArray(cells)}), whose elements are then new or moved: their indices.
     */
    static List<Integer> elementsStored(CallRef call) {
        if (!writesArrays(call)) {
            return List.of();
        }
        List<String> params = ArraysCalls.parameters(call.descriptor());
        return IntStream.range(0, params.size()).filter(p -> ArraysCalls.isObjectArray(params.get(p)))
                .boxed().toList();
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}

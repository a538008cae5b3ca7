package org.jdsm.protocol.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.jdsm.runtime.Pools;
import org.junit.jupiter.params.provider.Arguments;

/**
 * What the consistency suite runs on: every protocol on the class path (so a new protocol is
 * tested as soon as its provider is registered) at several job shapes. {@code -Djdsm.suite.heavy=true}
 * adds larger shapes and more random programs; {@code -Djdsm.suite.protocols=sc,lrc} restricts the
 * protocols (to reproduce a failure quickly); {@code -Djdsm.suite.comm=netty} runs every job over
 * another Comm module than {@code local}.
 */
public final class Suite {

    /** Test-only protocols that are wrong on purpose (see {@code SuiteSelfTest}) carry this prefix. */
    public static final String BROKEN_PREFIX = "broken-";

    private static final List<Shape> DEFAULT_SHAPES = List.of(new Shape(1, 1), new Shape(2, 1), new Shape(4, 2), new Shape(8, 2));
    private static final List<Shape> HEAVY_SHAPES = List.of(new Shape(3, 3), new Shape(16, 1), new Shape(8, 4));

    private Suite() {
    }

    public static boolean heavy() {
        return Boolean.getBoolean("jdsm.suite.heavy");
    }

    /** The protocols under test: all registered ones except the deliberately broken (or those asked for). */
    public static List<String> protocols() {
        String only = System.getProperty("jdsm.suite.protocols", "");
        List<String> out = new ArrayList<>();
        for (String p : Pools.available()) {
            if (!p.startsWith(BROKEN_PREFIX) && (only.isBlank() || List.of(only.split(",")).contains(p))) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * The seeds a random-program test runs: {@code -Djdsm.suite.seed=N} only N (to replay a failure),
     * {@code -Djdsm.suite.seeds=FROM-TO} those (a soak), else {@code defaults}.
     */
    public static List<Long> seeds(List<Long> defaults) {
        Long only = Long.getLong("jdsm.suite.seed");
        if (only != null) {
            return List.of(only);
        }
        String soak = System.getProperty("jdsm.suite.seeds");
        if (soak == null) {
            return defaults;
        }
        String[] range = soak.split("-");
        return LongStream.rangeClosed(Long.parseLong(range[0]), Long.parseLong(range[1])).boxed().toList();
    }

    /** The Comm module the jobs run over. */
    public static String comm() {
        return System.getProperty("jdsm.suite.comm", "local");
    }

    public static List<Shape> shapes() {
        List<Shape> out = new ArrayList<>(DEFAULT_SHAPES);
        if (heavy()) {
            out.addAll(HEAVY_SHAPES);
        }
        return out;
    }

    /** Arguments (protocol, shape) for every protocol at every shape. */
    public static Stream<Arguments> protocolsAndShapes() {
        return protocols().stream().flatMap(p -> shapes().stream().map(s -> Arguments.of(p, s)));
    }

    /** Arguments (protocol) for tests whose shape is fixed. */
    public static Stream<String> protocolNames() {
        return protocols().stream();
    }
}

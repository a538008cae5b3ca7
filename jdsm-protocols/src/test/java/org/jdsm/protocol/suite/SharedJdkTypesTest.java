package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.Socket;
import java.text.DecimalFormat;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JDK types a scientist may put in a shared object's field or a shared {@code Object[]} element.
 * Each either travels (a value one node writes, replaced or changed in place, reads the same on
 * every node after a barrier) or is refused at {@code register} with one message that names the
 * class, the field path and what to share instead. Before, an {@code EnumMap} failed at the first
 * fetch with Kryo's {@code class ...$Color != null}, a lambda comparator with {@code Unable to find
 * class: ...$$Lambda/0x...}, an {@code AtomicInteger} with Java's module error.
 */
class SharedJdkTypesTest {

    private static final Shape TWO_NODES = new Shape(2, 2);

    /** A colour, as an enum key. */
    public enum Color { RED, GREEN, BLUE }

    /** An enum whose constants carry fields. */
    public enum Planet {
        MERCURY(3.303e23), EARTH(5.976e24);

        final double mass;

        Planet(double mass) {
            this.mass = mass;
        }
    }

    /** A record, nested in {@link Segment}. */
    public record Point(double x, double y) {
    }

    /** A record of records. */
    public record Segment(Point from, Point to, String label) {
    }

    /** A record holding a map, for a refusal deep inside a value. */
    public record Tally(Map<Color, Integer> counts) {
    }

    /** A comparator of the user's own: travels with the container it orders. */
    public static final class ByLength implements Comparator<String> {
        @Override
        public int compare(String a, String b) {
            int byLength = Integer.compare(a.length(), b.length());
            return byLength != 0 ? byLength : a.compareTo(b);
        }
    }

    /** A class of the user's with a per-node field that is not shared (transient), beside one that is. */
    public static final class WithWorker {
        transient Thread worker = new Thread(() -> { });
        int count;

        WithWorker(int count) {
            this.count = count;
        }

        @Override
        public String toString() {
            return "count " + count; // a copy from another node has no worker
        }
    }

    /**
     * One value: how {@code init()} builds it and how a writer changes it (in place, returning it, or
     * by returning a new value); {@code refusal} lists what register's message must say, empty if the
     * value travels.
     */
    public record Case(String name, Supplier<Object> initial, UnaryOperator<Object> change, String... refusal) {
        boolean travels() {
            return refusal.length == 0;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static Case works(String name, Supplier<Object> initial, UnaryOperator<Object> change) {
        return new Case(name, initial, change);
    }

    private static Case refused(String name, Supplier<Object> initial, String... mentions) {
        return new Case(name, initial, v -> v, mentions);
    }

    @SuppressWarnings("unchecked")
    private static <T> UnaryOperator<Object> inPlace(java.util.function.Consumer<T> change) {
        return v -> {
            change.accept((T) v);
            return v;
        };
    }

    private static final String LAMBDA = "is a lambda or method reference";
    private static final String TRANSIENT = "mark the field transient";
    private static final String ATOMIC = "an atomic is atomic only inside one JVM";

    /** The table: every value a test below shares. */
    public static final List<Case> CASES = List.of(
            works("EnumSet", () -> EnumSet.of(Color.RED), inPlace((EnumSet<Color> s) -> s.add(Color.BLUE))),
            works("HashMap with enum keys", () -> new HashMap<>(Map.of(Color.RED, 1)),
                    inPlace((Map<Color, Integer> m) -> m.put(Color.GREEN, 2))),
            works("TreeMap", () -> new TreeMap<>(Map.of("b", 2)), inPlace((Map<String, Integer> m) -> m.put("a", 1))),
            works("TreeMap with Comparator.reverseOrder()", () -> new TreeMap<>(Comparator.reverseOrder()),
                    inPlace((Map<String, Integer> m) -> m.putAll(Map.of("a", 1, "c", 3)))),
            works("TreeSet with a comparator class", () -> new TreeSet<>(new ByLength()),
                    inPlace((Collection<String> s) -> s.addAll(List.of("ccc", "a", "bb")))),
            works("LinkedList", () -> new LinkedList<>(List.of(1, 2)), inPlace((LinkedList<Integer> l) -> l.addFirst(0))),
            works("ArrayDeque", () -> new ArrayDeque<>(List.of(1, 2, 3)), inPlace((Deque<Integer> d) -> {
                d.pollFirst();
                d.addLast(4);
            })),
            works("PriorityQueue with Comparator.reverseOrder()", () -> new PriorityQueue<>(Comparator.reverseOrder()),
                    inPlace((Collection<Integer> q) -> q.addAll(List.of(3, 9, 1)))),
            works("ConcurrentHashMap", () -> new ConcurrentHashMap<>(Map.of("a", 1)),
                    inPlace((Map<String, Integer> m) -> m.merge("a", 5, Integer::sum))),
            works("BigInteger", () -> BigInteger.TEN, v -> ((BigInteger) v).pow(40).negate()),
            works("BigDecimal", () -> new BigDecimal("0.1"), v -> ((BigDecimal) v).multiply(new BigDecimal("3.000001"))),
            works("LocalDate", () -> LocalDate.of(2024, 2, 28), v -> ((LocalDate) v).plusDays(1)),
            works("Instant", () -> Instant.EPOCH, v -> Instant.ofEpochSecond(1_700_000_000L, 123_456_789)),
            works("Duration", () -> Duration.ZERO, v -> Duration.ofMillis(1234).plusNanos(5)),
            works("Optional", Optional::empty, v -> Optional.of("set")),
            works("List.of", () -> List.of(1), v -> List.of(1, 2, 3)),
            works("Map.of", () -> Map.of("a", 1), v -> Map.of("a", 2, "b", 3)),
            works("Arrays.asList", () -> Arrays.asList("a", "b"), inPlace((List<String> l) -> l.set(1, "z"))),
            works("String[] with nulls", () -> new String[] {"a", null, "c"}, inPlace((String[] a) -> {
                a[0] = null;
                a[1] = "b";
            })),
            works("nested records", () -> new Segment(new Point(0, 0), new Point(1, 1), "s"),
                    v -> new Segment(new Point(2, 3), new Point(-1, 0.5), null)),
            works("enum with fields", () -> Planet.MERCURY, v -> Planet.EARTH),
            works("UUID", () -> new UUID(1, 2), v -> new UUID(-7, 42)),
            works("a transient Thread field", () -> new WithWorker(1), inPlace((WithWorker w) -> w.count += 41)),
            works("EnumMap", () -> new EnumMap<Color, Integer>(Map.of(Color.RED, 1)),
                    inPlace((Map<Color, Integer> m) -> m.put(Color.BLUE, 3))),
            refused("TreeMap with a lambda comparator", () -> new TreeMap<String, Integer>((a, b) -> b.compareTo(a)),
                    ".comparator(): ", LAMBDA, "named class"),
            refused("TreeSet with Comparator.comparing", () -> new TreeSet<>(Comparator.comparing(String::length)),
                    ".comparator(): java.util.Comparator$$Lambda", LAMBDA),
            refused("ConcurrentSkipListSet", () -> new ConcurrentSkipListSet<>(List.of(1)),
                    "java.util.concurrent.ConcurrentSkipListSet would be rebuilt on another node without its comparator"),
            refused("Collections.unmodifiableList", () -> Collections.unmodifiableList(new ArrayList<>(List.of(1))),
                    "java.util.Collections$UnmodifiableRandomAccessList is a view or wrapper", "List.copyOf(list)"),
            refused("a map's keySet()", () -> new HashMap<>(Map.of("a", 1)).keySet(),
                    "java.util.HashMap$KeySet is a view or wrapper", "new HashSet<>(set)"),
            refused("subList", () -> new ArrayList<>(List.of(1, 2, 3)).subList(0, 2),
                    "java.util.ArrayList$SubList is a view or wrapper", "new ArrayList<>(list)"),
            refused("AtomicInteger", () -> new AtomicInteger(1), "java.util.concurrent.atomic.AtomicInteger", ATOMIC),
            refused("AtomicLong", () -> new AtomicLong(1), "java.util.concurrent.atomic.AtomicLong", ATOMIC),
            refused("AtomicIntegerArray", () -> new AtomicIntegerArray(4),
                    "java.util.concurrent.atomic.AtomicIntegerArray", ATOMIC),
            refused("Random", () -> new Random(1), "java.util.Random is a JDK class with no portable encoding",
                    "differ between Java versions", TRANSIENT),
            // Kryo would copy its fields even where java.text is opened; JDK 25 added one (MixedJdkIT).
            refused("DecimalFormat", () -> new DecimalFormat("0.00"),
                    "java.text.DecimalFormat is a JDK class with no portable encoding", TRANSIENT),
            refused("Runnable lambda", () -> (Runnable) () -> { }, LAMBDA, TRANSIENT),
            refused("Thread", () -> new Thread(() -> { }), "java.lang.Thread is a JDK class", TRANSIENT),
            refused("Socket", Socket::new, "java.net.Socket is a JDK class", TRANSIENT),
            refused("Stream", () -> Stream.of(1, 2), "java.util.stream.ReferencePipeline", TRANSIENT),
            refused("a view in a record in a list", () -> new ArrayList<>(List.of(
                    new Tally(new HashMap<>()), new Tally(Collections.unmodifiableMap(new HashMap<>(Map.of(Color.RED, 1)))))),
                    "[1].counts: java.util.Collections$UnmodifiableMap is a view or wrapper"),
            works("EnumMap in a record in a list", () -> new ArrayList<>(List.of(
                    new Tally(new HashMap<>()), new Tally(new EnumMap<>(Map.of(Color.RED, 1))))),
                    v -> new ArrayList<>(List.of(new Tally(new EnumMap<>(Map.of(Color.GREEN, 2)))))));

    static Stream<Arguments> travelling() {
        return Suite.protocols().stream().flatMap(p -> CASES.stream().filter(Case::travels).map(c -> Arguments.of(p, c)));
    }

    static Stream<Arguments> refusedBoth() {
        return Suite.protocols().stream().flatMap(p -> CASES.stream().filter(c -> !c.travels())
                .flatMap(c -> Stream.of(Arguments.of(p, c, "field"), Arguments.of(p, c, "element"))));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("travelling")
    @Timeout(30)
    void aValueWrittenOnOneNodeReadsTheSameOnEveryNode(String protocol, Case value) {
        Jobs.run(JdkValues.class, protocol, TWO_NODES, arg("cases", value.name()));
    }

    /** Refused in a single object's field (path {@code value...}) and in an {@code Object[]} element ({@code [0]...}). */
    @ParameterizedTest(name = "{0}: {1} in a {2}")
    @MethodSource("refusedBoth")
    @Timeout(30)
    void aValueThatCannotTravelIsRefusedAtRegisterNamingClassPathAndRemedy(String protocol, Case value, String where) {
        String message = Jobs.failure(JdkValues.class, protocol, TWO_NODES, arg("cases", value.name()), arg("only", where));
        String path = where.equals("field") ? "field value" : "element [0]";
        for (String part : Stream.concat(Stream.of("failed in init()", path),
                Arrays.stream(value.refusal())).toList()) {
            assertTrue(message.contains(part), () -> "the refusal lacks '" + part + "':\n" + message);
        }
    }

    /** What a value holds, the same for equal contents on any node: class and elements in a fixed order. */
    static String content(Object value) {
        if (value == null) {
            return "null";
        }
        String type = value.getClass().getName() + " ";
        if (value instanceof Object[] array) {
            return type + Arrays.deepToString(array);
        }
        if (value instanceof PriorityQueue<?> queue) {
            PriorityQueue<?> drained = new PriorityQueue<>(queue);
            List<Object> order = new ArrayList<>();
            while (!drained.isEmpty()) {
                order.add(drained.poll());
            }
            return type + order;
        }
        if (value instanceof Map<?, ?> map && !(value instanceof SortedMap<?, ?>)) {
            return type + map.entrySet().stream().map(String::valueOf).sorted().collect(Collectors.toList());
        }
        if (value instanceof java.util.Set<?> set && !(value instanceof SortedSet<?>)) {
            return type + set.stream().map(String::valueOf).sorted().collect(Collectors.toList());
        }
        return type + value;
    }

    /**
     * Shares each case named by {@code cases} (comma-separated; default: every one that travels) in a
     * single object's field and in both elements of an {@code Object[]} whose two blocks have
     * different homes. The first thread of the last node changes the field and element 0, the first
     * thread of node 0 changes element 1; after a barrier every thread reads all three and checks them
     * against the change applied here. With {@code only=field} or {@code only=element} it registers
     * only that.
     */
    public static final class JdkValues extends Spmd {
        /** A single shared object with one field. */
        public static final class Box {
            Object value;

            Box(Object value) {
                this.value = value;
            }
        }

        private final List<Case> cases = new ArrayList<>();
        private final List<Box> boxes = new ArrayList<>();
        private final List<Object[]> cells = new ArrayList<>();

        @Override
        public void init() {
            String named = args().stream().filter(a -> a.startsWith("cases=")).map(a -> a.substring(6)).findFirst()
                    .orElse(null);
            String only = args().stream().filter(a -> a.startsWith("only=")).map(a -> a.substring(5)).findFirst()
                    .orElse("");
            for (Case c : CASES) {
                if (named == null ? c.travels() : Arrays.asList(named.split(",")).contains(c.name())) {
                    cases.add(c);
                    if (!only.equals("element")) {
                        boxes.add(pool.register(new Box(c.initial().get())));
                    }
                    if (!only.equals("field")) {
                        cells.add(pool.register(new Object[] {c.initial().get(), c.initial().get()}, 1));
                    }
                }
            }
            if (cases.isEmpty()) {
                throw new IllegalArgumentException("no case named " + named);
            }
        }

        @Override
        public void start() {
            boolean firstOfNode = myThread() % threadsPerNode() == 0;
            for (int i = 0; i < cases.size(); i++) {
                UnaryOperator<Object> change = cases.get(i).change();
                if (firstOfNode && myNode() == nodes() - 1) {
                    Box box = boxes.get(i);
                    pool.acquire(box);
                    box.value = change.apply(box.value);
                    pool.release(box);
                    write(cells.get(i), 0, change);
                }
                if (firstOfNode && myNode() == 0) {
                    write(cells.get(i), 1, change);
                }
            }
            barrier();
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                String expected = content(c.change().apply(c.initial().get()));
                pool.update(boxes.get(i));
                pool.update(cells.get(i), 0, 2);
                check(c, "the field", boxes.get(i).value, expected);
                check(c, "element 0", cells.get(i)[0], expected);
                check(c, "element 1", cells.get(i)[1], expected);
            }
            barrier();
        }

        private void write(Object[] array, int index, UnaryOperator<Object> change) {
            pool.acquire(array, index);
            array[index] = change.apply(array[index]);
            pool.release(array, index);
        }

        private void check(Case c, String where, Object value, String expected) {
            String seen = content(value);
            if (!seen.equals(expected)) {
                throw new IllegalStateException(c.name() + ": node " + myNode() + " thread " + myThread() + " read "
                        + where + " as " + seen + ", written as " + expected);
            }
        }
    }
}

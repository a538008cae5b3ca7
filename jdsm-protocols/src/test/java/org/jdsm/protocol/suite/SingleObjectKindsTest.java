package org.jdsm.protocol.suite;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Single shared objects that {@code register(obj)} must keep accepting now that it refuses JDK
 * classes (and classes extending one) whose fields are closed to reflection: a bare {@code Object}
 * as a lock, a class of one's own holding JDK values in its fields, and a class of one's own
 * extending a JDK class that has no state of its own ({@code Number}). Each runs on 3 nodes, and
 * what one node writes the others read after a barrier.
 */
class SingleObjectKindsTest {

    private static final Shape THREE_NODES = new Shape(3, 1);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void bareObjectServesAsALock(String protocol) {
        Jobs.run(BareLockJob.class, protocol, THREE_NODES);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void jdkValuesInFieldsOfOwnClassTravel(String protocol) {
        Jobs.run(JdkFieldsJob.class, protocol, THREE_NODES);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void ownClassExtendingStatelessJdkClassTravels(String protocol) {
        Jobs.run(ExtendsNumberJob.class, protocol, THREE_NODES);
    }

    /** Every node adds one to a shared counter under the lock of a registered {@code new Object()}. */
    public static final class BareLockJob extends Spmd {
        private Object gate;
        private long[] count;

        @Override
        public void init() {
            gate = pool.register(new Object());
            count = pool.register(new long[1], 1);
        }

        @Override
        public void start() {
            pool.lock(gate);
            pool.acquire(count, 0);
            count[0]++;
            pool.release(count, 0);
            pool.unlock(gate);
            barrier();
            pool.update(count, 0);
            Check.equal(nodes(), count[0], () -> "count after every node added one under the gate");
        }
    }

    /** Node 0 fills JDK values held in fields of a class of its own; the others read them. */
    public static final class JdkFieldsJob extends Spmd {
        /** Holds what cannot be registered by itself. */
        public static final class Holder {
            List<Long> list = new ArrayList<>();
            long total;
            Integer boxed = 0;
            BigDecimal price = BigDecimal.ZERO;
        }

        private Holder holder;

        @Override
        public void init() {
            holder = pool.register(new Holder());
        }

        @Override
        public void start() {
            if (myNode() == 0) {
                pool.acquire(holder);
                holder.list.add(41L);
                holder.list.add(42L);
                holder.total = 7;
                holder.boxed = 9;
                holder.price = new BigDecimal("1.25");
                pool.release(holder);
            }
            barrier();
            pool.update(holder);
            Check.that(holder.list.equals(List.of(41L, 42L)), () -> "list on node " + myNode() + ": " + holder.list);
            Check.equal(7, holder.total, () -> "total on node " + myNode());
            Check.equal(9, holder.boxed, () -> "boxed on node " + myNode());
            Check.that(new BigDecimal("1.25").equals(holder.price), () -> "price on node " + myNode() + ": " + holder.price);
        }
    }

    /** Node 1 writes the field of a class of its own that extends {@code Number}; the others read it. */
    public static final class ExtendsNumberJob extends Spmd {
        /** A number of one's own: {@code Number} has no fields, so nothing of it is closed. */
        public static final class Count extends Number {
            long value;

            @Override
            public int intValue() {
                return (int) value;
            }

            @Override
            public long longValue() {
                return value;
            }

            @Override
            public float floatValue() {
                return value;
            }

            @Override
            public double doubleValue() {
                return value;
            }
        }

        private Count count;

        @Override
        public void init() {
            count = pool.register(new Count());
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                pool.acquire(count);
                count.value = 123;
                pool.release(count);
            }
            barrier();
            pool.update(count);
            Check.equal(123, count.longValue(), () -> "count on node " + myNode());
        }
    }
}

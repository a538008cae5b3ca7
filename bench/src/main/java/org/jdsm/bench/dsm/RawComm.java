package org.jdsm.bench.dsm;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.Stats;
import org.jdsm.bench.harness.Trial;
import org.jdsm.bench.report.Report;

/**
 * The raw ping-pong baselines of {@code CommPingPong} (plain socket and NettyComm between this JVM
 * and an echoing child JVM), reused as they are: same transports, same callback-driven measurement,
 * same child JVMs.
 *
 * <p>{@code org.jdsm.bench.comm.Transports} and {@code Transport} are package-private and this
 * package may only add files of its own, so this adapter reaches them reflectively (the unnamed
 * module permits it). If their owner makes them public, the reflection here becomes plain calls.
 */
final class RawComm implements AutoCloseable {

    /** One open transport ("socket", "netty") and its RTT buffer. */
    record Link(String name, Object transport, long[] rtts) {
    }

    static final int MAX_ROUND_TRIPS_PER_REP = 20_000;
    /** Round trips per burst of {@link #burstRttTrial}. */
    static final int BURST = 50;
    /** Pause between the bursts of {@link #burstRttTrial}. */
    static final long BURST_PAUSE_MICROS = 1000;
    /** How the baselines are run, for the reports' set-up lines. */
    static final String BURSTS = "in bursts of " + BURST + " round trips " + BURST_PAUSE_MICROS + " µs apart";

    private final Object transports;
    private final Method open;
    private final Method list;
    private final Method close;
    private final Method name;
    private final Method pingPong;
    private final List<Link> links = new ArrayList<>();

    /** @param childLifetimeSeconds how long an echo child may live (a bound, not a duration) */
    RawComm(long childLifetimeSeconds, Map<String, String> commOptions) {
        try {
            Class<?> ts = Class.forName("org.jdsm.bench.comm.Transports");
            Class<?> t = Class.forName("org.jdsm.bench.comm.Transport");
            Constructor<?> ctor = ts.getDeclaredConstructor(long.class, Map.class);
            ctor.setAccessible(true);
            transports = ctor.newInstance(childLifetimeSeconds, commOptions);
            open = accessible(ts.getDeclaredMethod("open", String.class, Report.class));
            list = accessible(ts.getDeclaredMethod("list"));
            close = accessible(ts.getDeclaredMethod("close"));
            name = accessible(t.getMethod("name"));
            pingPong = accessible(t.getMethod("pingPong", byte[].class, Budget.class, long[].class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot reuse CommPingPong's transports (org.jdsm.bench.comm changed?): " + e, e);
        }
    }

    private static Method accessible(Method m) {
        m.setAccessible(true);
        return m;
    }

    /** Opens transport {@code transport} ({@code socket} or a Comm name); null if it is skipped. */
    Link open(String transport, Report report) throws Exception {
        boolean opened = (Boolean) invoke(open, transports, transport, report);
        if (!opened) {
            return null;
        }
        List<?> all = (List<?>) invoke(list, transports);
        Object t = all.get(all.size() - 1);
        Link link = new Link((String) invoke(name, t), t, new long[MAX_ROUND_TRIPS_PER_REP]);
        links.add(link);
        return link;
    }

    /** Round trips of {@code message} within {@code budget}; returns how many, RTTs (ns) in {@code link.rtts()}. */
    int pingPong(Link link, byte[] message, Budget budget) throws Exception {
        return (Integer) invoke(pingPong, link.transport(), message, budget, link.rtts());
    }

    /** A trial whose value is the median round-trip time (ns) of one repetition. */
    Trial rttTrial(Link link, byte[] message) {
        return budget -> Stats.median(link.rtts(), pingPong(link, message, budget));
    }

    /**
     * Like {@link #rttTrial}, in bursts of {@link #BURST} round trips with the thread parked for
     * {@link #BURST_PAUSE_MICROS} between them, so the ping-pong is never sustained: on this VM a
     * callback ping-pong kept up for seconds settles into round trips about three times slower than
     * short ones (plain sockets and NettyComm alike), while the DSM's threads, which block between
     * messages, do not. A baseline in that mode would flatter what is compared with it. The value is
     * the median of all round trips.
     */
    Trial burstRttTrial(Link link, byte[] message) {
        return budget -> {
            long[] all = new long[link.rtts().length];
            int n = 0;
            long start = System.nanoTime();
            while (n < all.length && budget.more(n, start, System.nanoTime())) {
                int got = pingPong(link, message, new Budget(Math.min(BURST, all.length - n), budget.maxNanos()));
                System.arraycopy(link.rtts(), 0, all, n, got);
                n += got;
                LockSupport.parkNanos(BURST_PAUSE_MICROS * 1000);
            }
            return Stats.median(all, n);
        };
    }

    /** A message of {@code size} bytes with a fixed pattern (as CommPingPong uses). */
    static byte[] message(int size) {
        byte[] m = new byte[size];
        for (int i = 0; i < size; i++) {
            m[i] = (byte) (i * 31 + 7);
        }
        return m;
    }

    private static Object invoke(Method m, Object target, Object... args) throws Exception {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception ex) {
                throw ex;
            }
            throw (Error) cause;
        }
    }

    @Override
    public void close() {
        try {
            invoke(close, transports);
        } catch (Exception e) {
            System.err.println("closing the raw transports failed: " + e);
        }
    }
}

package org.jdsm.bench.apps;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a child JVM's CPU time went, by thread group, over the whole run: a daemon samples every
 * live thread's CPU time every {@value #PERIOD_MS} ms and keeps each thread's latest value (threads
 * that end between two samples lose at most one period). Groups by thread name:
 * {@code worker} = the job's compute threads (JDSM's SPMD threads {@code jdsm-nN-tT}, the plain-Java
 * team's {@code plain-N}, the Hazelcast versions' {@code app-worker-N}), {@code trans} = JDSM's Trans
 * workers ({@code jdsm-trans-*}),
 * {@code netty} = NettyComm's event loops ({@code jdsm-netty-*}), {@code hz} = Hazelcast's threads
 * ({@code hz.*}), {@code main}, {@code other}; plus the process total (which also holds GC and JIT
 * compiler threads, not visible per thread) and the GC's and JIT's own time accounts.
 */
final class CpuProfile {

    private static final long PERIOD_MS = 20;
    /** Name prefix of a compute thread of the benchmark's own (the Hazelcast versions). */
    static final String WORKER = "app-worker-";

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> cpuById = new ConcurrentHashMap<>();
    private final Map<Long, String> groupById = new ConcurrentHashMap<>();

    CpuProfile() {
        if (!threads.isThreadCpuTimeSupported()) {
            return;
        }
        threads.setThreadCpuTimeEnabled(true);
        Thread t = new Thread(() -> {
            while (true) {
                sample();
                try {
                    Thread.sleep(PERIOD_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "app-cpu-profile");
        t.setDaemon(true);
        t.start();
    }

    private synchronized void sample() {
        long[] ids = threads.getAllThreadIds();
        ThreadInfo[] infos = threads.getThreadInfo(ids);
        for (int i = 0; i < ids.length; i++) {
            long cpu = threads.getThreadCpuTime(ids[i]);
            if (cpu >= 0 && infos[i] != null) {
                cpuById.merge(ids[i], cpu, Math::max);
                groupById.putIfAbsent(ids[i], group(infos[i].getThreadName()));
            }
        }
    }

    private static String group(String name) {
        if (name.matches("jdsm-n\\d+-t\\d+|plain-\\d+|" + WORKER + "\\d+")) {
            return "worker";
        }
        if (name.startsWith("jdsm-trans-")) {
            return "trans";
        }
        if (name.startsWith("jdsm-netty-")) {
            return "netty";
        }
        if (name.startsWith("hz.")) {
            return "hz";
        }
        return name.equals("main") ? "main" : "other";
    }

    /** {@code process=..,worker=..,trans=..,...} in ms, after a last sample. */
    String summary() {
        sample();
        Map<String, Long> ms = new LinkedHashMap<>();
        long process = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            process = os.getProcessCpuTime();
        }
        ms.put("process", process < 0 ? -1 : process / 1_000_000);
        for (String g : new String[] {"worker", "trans", "netty", "hz", "main", "other"}) {
            ms.put(g, 0L);
        }
        cpuById.forEach((id, cpu) -> ms.merge(groupById.getOrDefault(id, "other"), cpu / 1_000_000, Long::sum));
        long gc = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            gc += Math.max(0, b.getCollectionTime());
        }
        ms.put("gc", gc);
        var jit = ManagementFactory.getCompilationMXBean();
        ms.put("jit", jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1);
        StringBuilder sb = new StringBuilder();
        ms.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }
}

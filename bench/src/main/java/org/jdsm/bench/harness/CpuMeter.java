package org.jdsm.bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Estimates how much CPU other processes took while a benchmark ran: machine-wide busy time
 * (from {@code /proc/stat}, steal included) minus this JVM's and its {@link ChildJvm}s' CPU time.
 * On a shared machine this says how far to trust absolute numbers. Linux only; elsewhere it
 * reports nothing.
 */
public final class CpuMeter {

    private static final double JIFFIES_PER_SECOND = 100.0; // USER_HZ on Linux
    private static final AtomicLong CHILD_CPU_NANOS = new AtomicLong();

    private final long startWall = System.nanoTime();
    private final double startBusy = machineBusySeconds();
    private final long startOwn = ownCpuNanos();
    private final long startChildren = CHILD_CPU_NANOS.get();

    /** Called by {@link ChildJvm} with a child's CPU time just before it ends. */
    static void addChildCpu(Duration cpu) {
        CHILD_CPU_NANOS.addAndGet(cpu.toNanos());
    }

    /** The 1/5/15-minute load averages, or "n/a". */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    /** "other processes used about X% of N cpus during the run (...)" or null if unknown. */
    public String othersSummary() {
        double busy = machineBusySeconds() - startBusy;
        if (Double.isNaN(busy)) {
            return null;
        }
        double wall = (System.nanoTime() - startWall) / 1e9;
        double own = (ownCpuNanos() - startOwn + CHILD_CPU_NANOS.get() - startChildren) / 1e9;
        int cpus = Runtime.getRuntime().availableProcessors();
        double others = Math.max(0, busy - own) / (wall * cpus) * 100;
        return String.format(Locale.ROOT, "other processes used about %.0f%% of %d cpus during the run"
                + " (benchmark %.1f s cpu, machine %.1f s busy, %.1f s wall)%s", others, cpus, own, busy, wall,
                others > 10 ? "  WARNING: noisy machine, trust ratios more than absolute numbers" : "");
    }

    private static long ownCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static double machineBusySeconds() {
        try {
            String first = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = first.trim().split("\\s+"); // cpu user nice system idle iowait irq softirq steal ...
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                busy += i < f.length ? Long.parseLong(f[i]) : 0;
            }
            return busy / JIFFIES_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}

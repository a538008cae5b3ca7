package org.jdsm.bench.instrument.jobs;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.bench.instrument.Channel;

/**
 * A one-node job that runs kernel iterations on command. Thread 0 takes commands from the
 * benchmark's {@link Channel} (job argument 0); every thread runs the iterations between barriers;
 * thread 0 answers the mean time per iteration, or a checksum. Argument 1 says whether the data is
 * registered as shared ({@code private} runs the same code on private arrays). Thread 0 answers its
 * wall time and its CPU time per iteration (the CPU time is immune to other processes preempting it).
 */
public abstract class DrivenKernel extends Spmd {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private long command;

    @Override
    public final void init() {
        setUp(args().subList(2, args().size()), !args().get(1).equals("private"));
    }

    /** Allocates the data; registers it if {@code shared}. */
    protected abstract void setUp(List<String> args, boolean shared);

    /** Runs {@code iterations} iterations on every thread (with the kernel's own barriers). */
    protected abstract void iterate(int iterations);

    /** On thread 0 after a barrier: a checksum of the data. */
    protected abstract double checksum();

    @Override
    public final void start() {
        Channel channel = myThread() == 0 ? Channel.of(args().get(0)) : null;
        while (true) {
            if (channel != null) {
                command = channel.next();
            }
            barrier();
            long c = command;
            if (c == Channel.STOP) {
                return;
            }
            long began = System.nanoTime();
            long cpu = CPU.getCurrentThreadCpuTime();
            iterate((int) c);
            barrier();
            if (channel != null && c == Channel.CHECKSUM) {
                channel.reply(checksum());
            } else if (channel != null) {
                channel.reply((System.nanoTime() - began) / (double) c, (CPU.getCurrentThreadCpuTime() - cpu) / (double) c);
            }
        }
    }
}

package org.jdsm.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jdsm.bench.apps.Apps;
import org.jdsm.bench.comm.CommPingPong;
import org.jdsm.bench.dsm.BarrierLatency;
import org.jdsm.bench.dsm.DsmPingPong;
import org.jdsm.bench.dsm.LockCost;
import org.jdsm.bench.dsm.ObjectBlockDiff;
import org.jdsm.bench.dsm.OneNodeOverhead;
import org.jdsm.bench.instrument.InstrumentOverhead;
import org.jdsm.bench.serial.SerializationBench;
import org.jdsm.bench.ucx.UcxPingPong;

/**
 * Entry point of {@code bench/run.sh NAME [args]}: runs the named benchmark, then exits the JVM
 * (Comm modules may leave threads behind) with 0, or 1 after printing the failure.
 */
public final class Bench {

    /** A benchmark's main method. */
    @FunctionalInterface
    private interface Main {
        void run(String[] args) throws Exception;
    }

    private static final Map<String, Main> BENCHMARKS = new LinkedHashMap<>();

    static {
        BENCHMARKS.put("CommPingPong", CommPingPong::main);
        BENCHMARKS.put("SerializationBench", SerializationBench::main);
        BENCHMARKS.put("UcxPingPong", UcxPingPong::main);
        BENCHMARKS.put("DsmPingPong", DsmPingPong::main);
        BENCHMARKS.put("LockCost", LockCost::main);
        BENCHMARKS.put("BarrierLatency", BarrierLatency::main);
        BENCHMARKS.put("OneNodeOverhead", OneNodeOverhead::main);
        BENCHMARKS.put("ObjectBlockDiff", ObjectBlockDiff::main);
        BENCHMARKS.put("Apps", Apps::main);
        BENCHMARKS.put("InstrumentOverhead", InstrumentOverhead::main);
    }

    private Bench() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || !BENCHMARKS.containsKey(args[0])) {
            System.err.println("usage: bench/run.sh NAME [options]   (NAME --help for its options)");
            System.err.println("benchmarks: " + String.join(", ", BENCHMARKS.keySet()));
            boolean help = args.length == 0 || args[0].equals("--help") || args[0].equals("-h");
            System.exit(help ? 0 : 2);
        }
        String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
        int status = 0;
        try {
            BENCHMARKS.get(args[0]).run(rest);
        } catch (IllegalArgumentException e) {
            System.err.println(args[0] + ": " + e.getMessage());
            status = 2;
        } catch (Throwable t) {
            System.err.println(args[0] + " failed:");
            t.printStackTrace();
            status = 1;
        }
        System.out.flush();
        System.exit(status);
    }
}

package org.jdsm.bench.apps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one run of one configuration gave: the kernel time from the sample's PASS line, the
 * checksum its validation recorded, and (DSM) every node's statistics; or why it failed.
 */
record RunResult(double kernelMillis, double checksum, List<Map<String, Long>> stats, List<Map<String, Long>> cpu,
                 String passLine, String failure) {

    /** The samples end their PASS line with "kernel N ms" (LU: "factorization N ms", LUFact: "dgefa N ms"). */
    private static final Pattern KERNEL = Pattern.compile("(?:kernel|factorization|dgefa) (\\d+) ms\\s*$");
    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(-?\\d+)");

    RunResult {
        stats = List.copyOf(stats);
        cpu = List.copyOf(cpu);
    }

    static RunResult failed(String why) {
        return new RunResult(Double.NaN, Double.NaN, List.of(), List.of(), null, why);
    }

    boolean ok() {
        return failure == null;
    }

    /**
     * The result of the report lines ({@link ChildReport}) of node 0 (or the plain JVM): PASS line,
     * statistics JSON, end line; {@code cpu} holds every JVM's CPU line in node order.
     */
    static RunResult parse(String pass, String statsJson, List<String> cpu, String end) {
        if (!end.startsWith("OK")) {
            return failed(end.startsWith("FAILED") ? end.substring("FAILED".length()).trim() : end);
        }
        Matcher m = KERNEL.matcher(pass);
        if (!m.find()) {
            return failed("no kernel time in the PASS line: " + pass);
        }
        double checksum = Double.parseDouble(end.substring(2).trim());
        List<Map<String, Long>> cpuMaps = new ArrayList<>();
        for (String line : cpu) {
            Map<String, Long> map = new LinkedHashMap<>();
            for (String kv : line.split(",")) {
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    map.put(kv.substring(0, eq).trim(), Long.parseLong(kv.substring(eq + 1).trim()));
                }
            }
            cpuMaps.add(map);
        }
        return new RunResult(Long.parseLong(m.group(1)), checksum, parseStats(statsJson), cpuMaps, pass, null);
    }

    /** The runtime's {@code [{"node":0,"fetches":932,...},{...}]} as one map per node, in node order. */
    static List<Map<String, Long>> parseStats(String json) {
        List<Map<String, Long>> out = new ArrayList<>();
        if (json == null || json.equals("-") || json.isBlank()) {
            return out;
        }
        for (String object : json.split("\\}")) {
            Matcher f = FIELD.matcher(object);
            Map<String, Long> node = new LinkedHashMap<>();
            while (f.find()) {
                node.put(f.group(1), Long.parseLong(f.group(2)));
            }
            if (!node.isEmpty()) {
                out.add(node);
            }
        }
        return out;
    }

    /** Counter {@code name} summed over the nodes (0 if absent). */
    long total(String name) {
        long sum = 0;
        for (Map<String, Long> node : stats) {
            sum += node.getOrDefault(name, 0L);
        }
        return sum;
    }

    /** CPU time of thread group {@code group} ({@link CpuProfile}) averaged over the JVMs, ms (NaN if unknown). */
    double cpuPerJvm(String group) {
        if (cpu.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        for (Map<String, Long> m : cpu) {
            Long v = m.get(group);
            if (v == null || v < 0) {
                return Double.NaN;
            }
            sum += v;
        }
        return sum / cpu.size();
    }

    /**
     * CPU ms the compute threads spent on the kernel, all JVMs together: plain Java and one node: the
     * worker threads' CPU (one node's includes its validation); several JVMs: the mean of ranks 1..N-1
     * (which do not validate) times N. NaN if unknown.
     */
    double kernelCpu() {
        if (cpu.isEmpty()) {
            return Double.NaN;
        }
        if (cpu.size() == 1) {
            return value(cpu.get(0), "worker");
        }
        double sum = 0;
        for (int r = 1; r < cpu.size(); r++) {
            sum += value(cpu.get(r), "worker");
        }
        return sum / (cpu.size() - 1) * cpu.size();
    }

    /** CPU ms of thread groups {@code groups} summed over all JVMs (whole run). NaN if unknown. */
    double cpuTotal(String... groups) {
        if (cpu.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        for (Map<String, Long> m : cpu) {
            for (String g : groups) {
                sum += value(m, g);
            }
        }
        return sum;
    }

    private static double value(Map<String, Long> m, String group) {
        Long v = m.get(group);
        return v == null || v < 0 ? Double.NaN : v;
    }

    /** Counter {@code name} averaged over the nodes (NaN without statistics). */
    double perNode(String name) {
        return stats.isEmpty() ? Double.NaN : (double) total(name) / stats.size();
    }
}

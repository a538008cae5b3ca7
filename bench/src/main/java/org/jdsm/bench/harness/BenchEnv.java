package org.jdsm.bench.harness;

import java.lang.management.ManagementFactory;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;
import org.jdsm.bench.report.Report;

/**
 * What every benchmark prints first: the command that reproduces the run, the JDK and JVM
 * options, and the machine.
 */
public final class BenchEnv {

    private BenchEnv() {
    }

    /** Prints the header lines of benchmark {@code name} run with {@code args}. */
    public static void printHeader(Report report, String name, BenchArgs args) {
        report.println("== " + name + (args.quick() ? " (quick)" : "") + " ==");
        report.println("reproduce : " + reproduceCommand(name, args));
        report.println("jdk       : " + jdk());
        report.println("jvm args  : " + String.join(" ", jvmArgs()));
        report.println("host      : " + System.getProperty("os.name") + " " + System.getProperty("os.version")
                + " " + System.getProperty("os.arch") + ", " + Runtime.getRuntime().availableProcessors()
                + " cpus, " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        report.println("output    : " + report.dir().toAbsolutePath());
    }

    /** {@code JAVA_HOME=... BENCH_JAVA_OPTS='...' bench/run.sh NAME args}, run from the repository root. */
    public static String reproduceCommand(String name, BenchArgs args) {
        String opts = String.join(" ", jvmArgs());
        return "JAVA_HOME=" + System.getProperty("java.home")
                + (opts.isEmpty() ? "" : " BENCH_JAVA_OPTS='" + opts + "'")
                + " bench/run.sh " + name
                + (args.raw().length == 0 ? "" : " " + quoteAll(args.raw()));
    }

    /** Vendor, version and VM of the running JDK. */
    public static String jdk() {
        return System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vm.name") + ")";
    }

    /** The JVM's own options (heap, GC, -D...), as a child JVM should get them too. */
    public static List<String> jvmArgs() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-agentlib") && !a.startsWith("-javaagent") && !a.startsWith("-Xrunjdwp"))
                .toList();
    }

    private static String quoteAll(String[] args) {
        return java.util.Arrays.stream(args)
                .map(a -> a.matches("[A-Za-z0-9_./=:,+-]+") ? a : "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }
}

package org.jdsm.bench.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.jdsm.bench.report.Report;

/**
 * The frame every benchmark main runs in: option parsing and {@code --help}, a hard time limit,
 * the report directory, the header (reproduce command, JDK, load) and the footer (how much CPU
 * other processes took meanwhile).
 */
public final class BenchMain {

    /** The benchmark itself. */
    @FunctionalInterface
    public interface Body {
        void run(BenchArgs args, Report report) throws Exception;
    }

    private BenchMain() {
    }

    /**
     * Runs {@code body} as benchmark {@code name}; {@code hardLimit} gives the time after which the
     * JVM is ended whatever happens.
     */
    public static void run(String name, String summary, List<BenchArgs.Option> options, String[] args,
                           Function<BenchArgs, Duration> hardLimit, Body body) throws Exception {
        BenchArgs parsed = BenchArgs.parse(args, options);
        if (parsed.flag("--help")) {
            System.out.print(BenchArgs.usage(name, summary, options));
            return;
        }
        Watchdog.arm(hardLimit.apply(parsed), name);
        Path dir = Path.of(parsed.value("--out", Report.defaultDir(name).toString()));
        CpuMeter cpu = new CpuMeter();
        try (Report report = Report.open(dir)) {
            BenchEnv.printHeader(report, name, parsed);
            report.println("load      : " + CpuMeter.loadAverage() + " (1/5/15 min) at start");
            body.run(parsed, report);
            String others = cpu.othersSummary();
            if (others != null) {
                report.println();
                report.println("noise     : " + others);
            }
        }
    }
}

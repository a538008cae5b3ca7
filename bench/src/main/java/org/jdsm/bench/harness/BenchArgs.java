package org.jdsm.bench.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command-line options of a benchmark: {@code --flag}, {@code --key value} or {@code --key=value}.
 * Each benchmark declares its options (with help text) so unknown ones fail fast and
 * {@link #usage} can list them. Every benchmark gets {@code --quick}, {@code --out DIR} and
 * {@code --help}.
 */
public final class BenchArgs {

    /** A declared option; {@code valueName} is null for flags. */
    public record Option(String name, String valueName, String help) {
    }

    private static final List<Option> COMMON = List.of(
            new Option("--quick", null, "short run (about 30 s) for a first look"),
            new Option("--out", "DIR", "output directory (default bench-results/<bench>/)"),
            new Option("--help", null, "print this help"));

    private final String[] raw;
    private final Set<String> flags = new HashSet<>();
    private final Map<String, String> values = new HashMap<>();

    private BenchArgs(String[] raw) {
        this.raw = raw.clone();
    }

    /** Parses {@code args} against the common options plus {@code options}. */
    public static BenchArgs parse(String[] args, List<Option> options) {
        Map<String, Option> known = new LinkedHashMap<>();
        COMMON.forEach(o -> known.put(o.name(), o));
        options.forEach(o -> known.put(o.name(), o));
        BenchArgs parsed = new BenchArgs(args);
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(0, eq) : arg;
            Option opt = known.get(name);
            if (opt == null) {
                throw new IllegalArgumentException("unknown option '" + arg + "'; known: " + known.keySet());
            }
            if (opt.valueName() == null) {
                if (eq > 0) {
                    throw new IllegalArgumentException(name + " takes no value");
                }
                parsed.flags.add(name);
            } else if (eq > 0) {
                parsed.values.put(name, arg.substring(eq + 1));
            } else if (i + 1 < args.length) {
                parsed.values.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException(name + " needs a value (" + opt.valueName() + ")");
            }
        }
        return parsed;
    }

    /** A usage text listing the common options and {@code options}. */
    public static String usage(String bench, String summary, List<Option> options) {
        StringBuilder sb = new StringBuilder("usage: bench/run.sh ").append(bench).append(" [options]\n")
                .append(summary).append("\noptions:\n");
        List<Option> all = new ArrayList<>(COMMON);
        all.addAll(options);
        for (Option o : all) {
            String left = o.name() + (o.valueName() == null ? "" : " " + o.valueName());
            sb.append(String.format("  %-28s %s%n", left, o.help()));
        }
        return sb.toString();
    }

    public boolean flag(String name) {
        return flags.contains(name);
    }

    public boolean quick() {
        return flag("--quick");
    }

    public String value(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** A comma-separated value as a list (the fallback when absent). */
    public List<String> list(String name, List<String> fallback) {
        String v = values.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** The arguments as given (for the reproduce line). */
    public String[] raw() {
        return raw.clone();
    }
}

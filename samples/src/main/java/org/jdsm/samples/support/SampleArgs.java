package org.jdsm.samples.support;

import java.util.List;

/**
 * The positional integer arguments of a sample, each with a default; a bad value fails with the
 * sample's usage line.
 */
public final class SampleArgs {

    private final List<String> args;
    private final String usage;

    private SampleArgs(List<String> args, String usage) {
        this.args = args;
        this.usage = usage;
    }

    /** {@code usage} is shown on errors, e.g. {@code "SOR [N] [ITERATIONS]"}. */
    public static SampleArgs of(List<String> args, String usage) {
        return new SampleArgs(args, usage);
    }

    /** Argument {@code index} as a positive integer, or {@code defaultValue} if absent. */
    public int positive(int index, int defaultValue) {
        if (index >= args.size()) {
            return defaultValue;
        }
        String text = args.get(index);
        try {
            int value = Integer.parseInt(text);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the usage line
        }
        throw new IllegalArgumentException("usage: " + usage + "; argument " + (index + 1)
                + " must be a positive integer, got '" + text + "'");
    }

    /** Fails with the usage line unless {@code ok}; {@code what} says which rule was broken. */
    public void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException("usage: " + usage + "; " + what);
        }
    }
}

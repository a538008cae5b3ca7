package org.jdsm.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SamplerTest {

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(2.0, Stats.median(new double[] {3, 1, 2}));
        assertEquals(2.5, Stats.median(new long[] {4, 1, 3, 2, 99}, 4));
    }

    @Test
    void budgetAllowsOneOpThenStopsAtCountOrTime() {
        Budget b = new Budget(3, 100);
        assertTrue(b.more(0, 0, 1_000));
        assertFalse(b.more(1, 0, 1_000));
        assertTrue(b.more(2, 0, 50));
        assertFalse(b.more(3, 0, 50));
    }

    @Test
    void measuresEveryTrialForEveryRepetitionInterleaved() throws Exception {
        StringBuilder order = new StringBuilder();
        AtomicInteger a = new AtomicInteger();
        Trial ta = budget -> {
            order.append('a');
            return a.incrementAndGet();
        };
        Trial tb = budget -> {
            order.append('b');
            return 10;
        };
        Plan plan = new Plan(0, 0, 0, 4, new Budget(1, 1));
        List<Sample> samples = new Sampler(plan).measure(List.of(ta, tb));
        assertEquals("abbaabba", order.toString());
        assertArrayEquals(new double[] {1, 2, 3, 4}, samples.get(0).values());
        assertEquals(10.0, samples.get(1).median());
    }

    @Test
    void warmUpStopsOnceSteadyAndIsBoundedInCount() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Plan steadyPlan = new Plan(0, 60_000_000_000L, 100, 1, new Budget(1, 1));
        assertEquals(6, new Sampler(steadyPlan).warmUp(budget -> {
            calls.incrementAndGet();
            return 5;
        }));
        Plan bounded = new Plan(0, 60_000_000_000L, 20, 1, new Budget(1, 1));
        assertEquals(20, new Sampler(bounded).warmUp(budget -> 1000.0 / calls.incrementAndGet()));
    }
}

package org.jdsm.samples.water;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WaterTest extends SampleContract {

    // 64 molecules: the box (12.4 A) is just over twice the cutoff, so pairs cross it and the
    // reaction field matters, yet a run takes milliseconds.
    private static final List<String> SMALL = List.of("64", "4");

    WaterTest() {
        super(Water.class, WaterReference.NAME, SMALL, WaterPlain::run, WaterTest::oneThreadKinetic);
    }

    private static double oneThreadKinetic(List<String> args) {
        return WaterReference.sequential(WaterSize.parse(args)).kinetic();
    }

    /** Partial forces are summed per thread, so the last bits may depend on the thread count. */
    @Override
    protected double tolerance() {
        return 1e-12;
    }

    @ParameterizedTest(name = "{0} 3x2")
    @ValueSource(strings = {"lrc", "sc"})
    @Timeout(30)
    void unevenSplitMatchesTheSequentialRun(String protocol) {
        // 27 molecules over 6 threads: chunks of 5, the last thread gets 2.
        List<String> args = List.of("27", "3");
        assertEquals(oneThreadKinetic(args), runJob(protocol, 3, 2, args), tolerance());
    }

    @Test
    @Timeout(120)
    void splashInputDeckMatchesThePublishedTotalEnergy() {
        double kinetic = runJob("lrc", 2, 1, List.of());
        WaterEnergies e = WaterReference.sequential(WaterSize.parse(List.of()));
        assertEquals(e.kinetic(), kinetic, 1e-12);
        assertEquals("10.026", String.format(java.util.Locale.ROOT, "%.3f", e.total()));
    }

    @Test
    void totalEnergyIsConservedStepByStep() {
        // 64 molecules, 1..10 steps: the kinetic energy (kT per atom) grows by over 0.5 while the
        // total stays within 0.003 (it jitters only as site pairs cross the cutoff).
        WaterEnergies first = WaterReference.sequential(new WaterSize(64, 1));
        double kineticChange = 0.0;
        for (int steps = 2; steps <= 10; steps++) {
            WaterEnergies e = WaterReference.sequential(new WaterSize(64, steps));
            assertEquals(first.total(), e.total(), 0.003, "total after " + steps + " steps");
            kineticChange = Math.max(kineticChange, Math.abs(e.kinetic() - first.kinetic()));
        }
        assertTrue(kineticChange > 0.5, "the kinetic energy should change noticeably, changed " + kineticChange);
    }

    @Test
    void initialKineticEnergyIsThreeHalvesKtPerAtom() {
        // Velocities are normalized to k T per atom and direction: 3/2 in SPLASH-2's units before any step.
        WaterModel model = new WaterModel(new WaterSize(64, 1));
        double[] v = WaterLattice.velocities(model, WaterReference.raw(new WaterSize(64, 1)));
        WaterMolecules all = new WaterMolecules(model, new double[][] {null, v}, new double[v.length], 0, 64);
        double sum = all.kinetic(0) + all.kinetic(1) + all.kinetic(2);
        assertEquals(1.5, sum * model.fkin, 1e-12);
    }

    @Test
    void resultsUnlikeTheOneThreadRunFail() {
        WaterSize size = WaterSize.parse(SMALL);
        WaterEnergies sequential = WaterReference.sequential(size);
        WaterEnergies off = new WaterEnergies(sequential.kinetic() * (1 + 1e-7), sequential.intra(), sequential.inter(),
                sequential.reaction(), sequential.total(), sequential.temperature(), sequential.virial());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> WaterReference.validate(size, off, "test"));
        assertTrue(e.getMessage().startsWith("Water FAIL"), e.getMessage());
    }

    @Test
    void badSizesAreRejectedWithTheUsage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WaterSize.parse(List.of("100")));
        assertTrue(e.getMessage().contains("perfect cube"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WaterSize.parse(List.of("64", "0")));
    }
}

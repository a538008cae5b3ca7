package org.jdsm.samples.montecarlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class MonteCarloTest extends SampleContract {

    MonteCarloTest() {
        super(MonteCarlo.class, MonteCarloReference.NAME, List.of("301", "200"), MonteCarloPlain::run,
                args -> MonteCarloReference.sequentialMean(MonteCarloSize.parse(args)));
    }

    @Test
    @Timeout(10)
    void estimatesRecoverTheParametersOfALongPath() {
        // 200 years of days: the estimates must approach the motion's parameters.
        Returns motion = new Returns(0.3, 0.08);
        int n = 73_000;
        double[] p = new double[n];
        motion.simulate(50.0, 7, p, n);
        Returns estimated = Returns.estimate(p, n);
        assertEquals(0.3, estimated.volatility(), 0.005);
        assertEquals(0.08, estimated.expectedReturnRate(), 0.1); // the drift's standard error is 0.3 / sqrt(200)
    }

    @Test
    @Timeout(10)
    void theGeneratedHistoryHasTheIntendedParameters() {
        MonteCarloModel model = new MonteCarloModel();
        // 1,000 days: volatility within a few percent, the drift within its (large) standard error 0.2/sqrt(2.7).
        assertEquals(MonteCarloModel.HISTORY_VOLATILITY, model.history.volatility(), 0.02);
        assertEquals(MonteCarloModel.HISTORY_DRIFT, model.history.expectedReturnRate(), 0.4);
        assertEquals(model.history, new MonteCarloModel().history, "the history must be the same on every node");
    }

    @Test
    @Timeout(60)
    void sizeAMatchesTheOneThreadRun() {
        MonteCarloSize size = MonteCarloSize.parse(List.of());
        assertEquals(MonteCarloReference.sequentialMean(size), runJob("lrc", 2, 1, List.of()));
    }

    @Test
    @Timeout(10)
    void aMissingRunFails() {
        MonteCarloSize size = new MonteCarloSize(50, 100);
        MonteCarloModel model = new MonteCarloModel();
        double[] returns = MonteCarloKernel.runs(model, size.steps(), 0, size.runs(), new double[size.runs()]);
        returns[17] = 0.0;
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MonteCarloReference.validate(size, model, returns, "run 17 lost"));
        assertTrue(e.getMessage().startsWith("MonteCarlo FAIL: expected return = "), e.getMessage());
    }

    @Test
    @Timeout(10)
    void aSimulationThatIgnoresItsInputFails() {
        MonteCarloSize size = new MonteCarloSize(400, 1000);
        MonteCarloModel model = new MonteCarloModel();
        double[] returns = MonteCarloKernel.runs(model, size.steps(), 0, size.runs(), new double[size.runs()]);
        double[] shifted = Arrays.stream(returns).map(r -> r + 0.2).toArray(); // as if simulated with another drift
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MonteCarloReference.validate(size, model, shifted, "wrong drift"));
        assertTrue(e.getMessage().contains("expected return vs the simulated rate"), e.getMessage());
    }
}

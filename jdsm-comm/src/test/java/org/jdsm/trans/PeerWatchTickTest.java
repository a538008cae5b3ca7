package org.jdsm.trans;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link PeerWatch}'s ticks on a clock the test moves: heartbeats go only to peers sent nothing
 * since the last tick, a peer is reported once after the timeout of silence, anything heard (traffic
 * or a heartbeat) restarts its silence, and silence counts only the time this node ran.
 */
class PeerWatchTickTest {

    private static final double TIMEOUT_SECONDS = 3;

    private long now = 1_000_000_000L;
    private final TrafficCounters traffic = new TrafficCounters(3);
    private final List<Integer> heartbeats = new ArrayList<>();
    private final List<String> silent = new ArrayList<>();
    private final PeerWatch watch = new PeerWatch(0, traffic, TIMEOUT_SECONDS, new PeerWatch.Peers() {
        @Override
        public void heartbeat(int node) {
            heartbeats.add(node);
        }

        @Override
        public void silent(int node, long silentNanos) {
            silent.add(node + " after " + TimeUnit.NANOSECONDS.toMillis(silentNanos) + " ms");
        }
    }, () -> now);

    @Test
    void aPeerUnheardForTheTimeoutIsReportedOnceAndHeartbeatsGoWhereNothingWasSent() {
        watch.startClock();
        assertEquals(300_000_000L, watch.tickNanos(), "a tenth of the timeout");
        traffic.sent(1, 10);
        tick(); // node 1 was sent something: no heartbeat to it
        assertEquals(List.of(2), heartbeats);
        for (int t = 2; t < PeerWatch.TICKS_PER_TIMEOUT; t++) {
            traffic.received(1, 10); // node 1 talks, node 2 says nothing
            tick();
        }
        assertEquals(List.of(), silent, "2.7 s since the start");
        tick();
        assertEquals(List.of("2 after 3000 ms"), silent);
        traffic.received(1, 10);
        for (int t = 0; t < 2 * PeerWatch.TICKS_PER_TIMEOUT; t++) {
            tick();
        }
        assertEquals(List.of("2 after 3000 ms", "1 after 3000 ms"), silent, "each once; node 1 from its last message");
    }

    @Test
    void aHeartbeatHeardRestartsTheSilence() {
        watch.startClock();
        for (int t = 0; t < 20; t++) {
            watch.heartbeatFrom(1);
            watch.heartbeatFrom(2);
            tick();
        }
        assertEquals(List.of(), silent);
        assertEquals(40, heartbeats.size(), "nothing was sent: a heartbeat to each peer every tick");
    }

    @Test
    void silenceCountsOnlyTheTimeThisNodeRan() {
        watch.startClock();
        tick(); // 0.3 s of silence
        now += TimeUnit.SECONDS.toNanos(10); // then this node was stopped for 10 s
        watch.tick(); // one period of it counts: 0.6 s
        assertEquals(List.of(), silent, "a paused node cannot tell who was silent");
        for (int t = 3; t < PeerWatch.TICKS_PER_TIMEOUT; t++) {
            tick();
        }
        assertEquals(List.of(), silent, "2.7 s while this node ran");
        tick();
        assertEquals(List.of("1 after 3000 ms", "2 after 3000 ms"), silent);
    }

    @Test
    void ticksThatRunLateEveryTimeStillReportASilentPeer() {
        watch.startClock();
        for (int t = 0; t < 40 && silent.isEmpty(); t++) {
            now += 2 * watch.tickNanos() + 1; // each tick a period late
            watch.heartbeatFrom(1);
            watch.tick();
        }
        assertEquals(List.of("2 after 3000 ms"), silent, "after 10 periods this node ran, 20 of the clock");
    }

    @Test
    void aPeerThatLeftIsNotReported() {
        watch.startClock();
        watch.unwatch(2);
        for (int t = 0; t < 10; t++) {
            traffic.received(1, 10);
            tick();
        }
        assertEquals(List.of(), silent);
        assertEquals(10, heartbeats.stream().filter(n -> n == 1).count());
        assertEquals(0, heartbeats.stream().filter(n -> n == 2).count(), "no heartbeat to a peer that left");
    }

    private void tick() {
        now += watch.tickNanos();
        watch.tick();
    }
}

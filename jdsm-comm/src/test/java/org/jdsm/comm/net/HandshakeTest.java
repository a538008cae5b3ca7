package org.jdsm.comm.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.net.Handshake.Purpose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class HandshakeTest {

    private static final byte[] SECRET = "the-job-secret-0123456789".getBytes(StandardCharsets.UTF_8);
    private final Handshake job = new Handshake(SECRET, "job");

    /** Runs a handshake in memory; the hello may be tampered with on the way. */
    private void run(Handshake.Dialer dialer, byte[] hello) {
        Handshake.Listener listener = job.listener();
        listener.receive(hello);
        listener.verify(dialer.answer(listener.challenge()));
    }

    @Test
    void bothSidesWithTheSecretAuthenticate() {
        Handshake.Dialer dialer = job.dialer(Purpose.BULK_LANE, 3, 1);
        Handshake.Listener listener = job.listener();
        Handshake.Hello hello = listener.receive(dialer.hello().encode());
        assertEquals(Purpose.BULK_LANE, hello.purpose());
        assertEquals(3, hello.dialerRank());
        assertEquals(1, hello.listenerRank());
        listener.verify(dialer.answer(listener.challenge()));
    }

    @Test
    void dialerDetectsAListenerWithoutTheSecret() {
        Handshake other = new Handshake("another-secret-entirely".getBytes(StandardCharsets.UTF_8), "job");
        Handshake.Dialer dialer = job.dialer(Purpose.EXPRESS_LANE, 1, 0);
        Handshake.Listener impostor = other.listener();
        impostor.receive(dialer.hello().encode());
        HandshakeException e = assertThrows(HandshakeException.class, () -> dialer.answer(impostor.challenge()));
        assertTrue(e.getMessage().contains("failed to prove the job secret"), e.getMessage());
    }

    @Test
    void listenerRefusesADialerWithoutTheSecretOrFromAnotherJob() {
        for (Handshake wrong : new Handshake[] {
            new Handshake("another-secret-entirely".getBytes(StandardCharsets.UTF_8), "job"),
            new Handshake(SECRET, "another-job")}) {
            Handshake.Dialer dialer = wrong.dialer(Purpose.BULK_LANE, 1, 0);
            Handshake.Listener listener = job.listener();
            listener.receive(dialer.hello().encode());
            byte[] challenge = listener.challenge();
            assertThrows(HandshakeException.class, () -> dialer.answer(challenge), "the dialer notices first");
            assertThrows(HandshakeException.class, () -> listener.verify(new byte[32]));
        }
    }

    @Test
    void aReplayedProofFailsAgainstAFreshChallenge() {
        Handshake.Dialer dialer = job.dialer(Purpose.BULK_LANE, 1, 0);
        byte[] hello = dialer.hello().encode();
        Handshake.Listener first = job.listener();
        first.receive(hello);
        byte[] proof = dialer.answer(first.challenge());
        first.verify(proof);

        Handshake.Listener second = job.listener();
        second.receive(hello);
        second.challenge();
        assertThrows(HandshakeException.class, () -> second.verify(proof));
    }

    @Test
    void proofsAreBoundToRanksAndPurpose() {
        Handshake.Dialer dialer = job.dialer(Purpose.BULK_LANE, 2, 0);
        byte[][] tampered = {
            new Handshake.Hello(Purpose.EXPRESS_LANE, 2, 0, dialer.hello().nonce()).encode(),
            new Handshake.Hello(Purpose.BULK_LANE, 3, 0, dialer.hello().nonce()).encode(),
            new Handshake.Hello(Purpose.BULK_LANE, 2, 1, dialer.hello().nonce()).encode(),
        };
        for (byte[] hello : tampered) {
            assertThrows(HandshakeException.class, () -> run(dialer, hello));
        }
    }

    @Test
    void malformedHellosAreRejected() {
        byte[] good = job.dialer(Purpose.RENDEZVOUS, 0, Handshake.SERVER_RANK).hello().encode();
        byte[] shortHello = Arrays.copyOf(good, good.length - 1);
        byte[] badMagic = good.clone();
        badMagic[0] ^= 1;
        byte[] badVersion = good.clone();
        badVersion[4] = 9;
        byte[] badPurpose = good.clone();
        badPurpose[5] = 77;
        String[] reasons = {"expected 46", "bad magic", "unsupported protocol version 9", "unknown purpose 77"};
        byte[][] hellos = {shortHello, badMagic, badVersion, badPurpose};
        for (int i = 0; i < hellos.length; i++) {
            byte[] hello = hellos[i];
            HandshakeException e = assertThrows(HandshakeException.class, () -> Handshake.Hello.decode(hello));
            assertTrue(e.getMessage().contains(reasons[i]), e.getMessage());
        }
    }
}

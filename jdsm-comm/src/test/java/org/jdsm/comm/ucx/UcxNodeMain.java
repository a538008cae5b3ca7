package org.jdsm.comm.ucx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommScenarios;
import org.jdsm.comm.RecordingDispatcher;

/**
 * One node of a multi-JVM UcxComm test ({@link UcxMultiJvmTest}): a {@link CommScenarios} node
 * over UcxComm; the transport comes from the environment (UCX_TLS), as on a real job. Clean if
 * fin gave back every file descriptor, SysV shared-memory segment and thread that init took. A
 * solo UcxComm runs first, so that what UCX sets up once per process (its async thread and the
 * like) is not counted as a leak.
 */
public final class UcxNodeMain {

    private UcxNodeMain() {
    }

    public static void main(String[] args) {
        CommScenarios.main(args, UcxComm::new, config -> {
            warmUp(config.secret());
            Snapshot before = Snapshot.take();
            return () -> {
                Snapshot after = Snapshot.await(before, Duration.ofSeconds(10));
                return new CommScenarios.Check(after.within(before), before + " -> " + after);
            };
        });
    }

    /** A one-node job, so that UCX's once-per-process set-up is done before the baseline. */
    private static void warmUp(byte[] secret) {
        Comm solo = new UcxComm();
        solo.init(CommConfig.builder().jobId("warm-up").secret(secret).build(), new RecordingDispatcher());
        solo.fin();
    }

    /** Open file descriptors of this process, and SysV shared-memory segments it created that still exist. */
    private record Snapshot(long fds, long sysvSegments) {

        /** No more of anything than {@code baseline} (fewer is fine: the baseline may catch something closing). */
        boolean within(Snapshot baseline) {
            return fds <= baseline.fds && sysvSegments <= baseline.sysvSegments;
        }

        /** The snapshot once it is within {@code baseline}, or when {@code timeout} is over (peers detach from our segments as they exit). */
        static Snapshot await(Snapshot baseline, Duration timeout) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            Snapshot now = take();
            while (!now.within(baseline) && System.nanoTime() < deadline) {
                Thread.sleep(100);
                now = take();
            }
            return now;
        }

        static Snapshot take() {
            String pid = Long.toString(ProcessHandle.current().pid());
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"));
                 Stream<String> shm = Files.lines(Path.of("/proc/sysvipc/shm"))) {
                return new Snapshot(fds.count(), shm.map(line -> line.trim().split("\\s+"))
                        .filter(cols -> cols.length > 4 && cols[4].equals(pid)).count());
            } catch (IOException e) {
                throw new IllegalStateException("cannot read /proc (Linux only)", e);
            }
        }
    }
}

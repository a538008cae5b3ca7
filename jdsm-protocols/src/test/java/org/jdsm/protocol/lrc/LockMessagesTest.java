package org.jdsm.protocol.lrc;

import java.util.concurrent.TimeUnit;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Lock caching and the cost of a remote acquire, counted in messages. */
class LockMessagesTest {

    /** Node 1 takes a lock managed elsewhere, then re-takes it while cached. */
    public static class CachedLock extends Spmd {
        @Override
        public void start() {
            if (myNode() == 1) {
                String name = remoteLockName();
                long before = sent();
                pool.lock(name);
                pool.unlock(name);
                long first = sent() - before;
                if (first != 1) {
                    // one request; the manager (or the holder it forwards to) answers with the grant
                    throw new IllegalStateException("first acquire sent " + first + " messages, expected 1");
                }
                before = sent();
                for (int i = 0; i < 100; i++) {
                    pool.lock(name);
                    pool.unlock(name);
                }
                long cached = sent() - before;
                if (cached != 0) {
                    throw new IllegalStateException("cached re-acquires sent " + cached + " messages");
                }
            }
            barrier();
        }

        /** A lock name whose manager is another node, so the first acquire must cross the network. */
        private String remoteLockName() {
            for (int i = 0; ; i++) {
                if (((LazyRelease) pool).manager(org.jdsm.LockIds.named("lock" + i)) != myNode()) {
                    return "lock" + i;
                }
            }
        }

        private long sent() {
            long total = 0;
            for (int n = 0; n < nodes(); n++) {
                total += ((LazyRelease) pool).trafficTo(n);
            }
            return total;
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void cachedReacquireSendsNothing() {
        InJvmJob.of(CachedLock.class).nodes(3).threadsPerNode(1).protocol("lrc").run();
    }
}

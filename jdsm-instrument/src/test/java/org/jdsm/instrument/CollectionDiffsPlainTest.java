package org.jdsm.instrument;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Plain code under the rewriter on JDK collections that travel as fine-grained diffs (ListDiff,
 * MapDiff, SetDiff) in fields of a single shared object and of elements of a shared {@code Object[]},
 * and on the job objects they hold, at several shapes under lrc and sc: the data-race-free programs
 * of CollectionDiffsStressTest without acquire or release, only locks and barriers.
 */
class CollectionDiffsPlainTest {

    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void jobsKeptAcrossBarriersAreWrittenInTheirCollections(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("KeptCollectionJobsPlain", protocol, nodes, threads, "4", "still");
    }

    /**
     * One thread adds a job to every list and map between steps: a list whose size changed travels
     * whole, and installing it must keep the jobs already in it (it cleared the list and put the
     * copies in, so the kept references wrote into objects no longer in it).
     */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void jobsKeptAcrossBarriersOutliveJobsAddedBesideThem(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("KeptCollectionJobsPlain", protocol, nodes, threads, "4", "grow");
    }

    /**
     * LRU caches ({@code new LinkedHashMap<>(16, 0.75f, true)}) read and changed in place under one
     * lock, one of them new on other nodes: their order must be one JVM's. Copies and decodings came
     * out insertion-ordered, and a diff applied at the home moved the keys it looked up.
     */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void accessOrderedMapsKeepTheirOrder(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("AccessOrderPlain", protocol, nodes, threads);
    }

    /** Parts of every collection bumped in place ({@code list.set}, {@code merge}, {@code jobs.get(k).count++}), each under its own lock. */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void partsBumpedUnderTheirOwnLocksLoseNothing(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("CollectionPartsPlain", protocol, nodes, threads, "3", String.valueOf(128 / threads), "53");
    }

    /** Collections walked ({@code for (Job j : bag.jobs)}, {@code entrySet}, {@code replaceAll}) and written under a lock per job or one for all. */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void collectionsWalkedAndWrittenUnderLocksLoseNothing(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("IteratedCollectionsPlain", protocol, nodes, threads, "4", String.valueOf(8 / threads), "67");
    }

    /** Adds, removes and moves of lists, linked and tree maps and sets under one lock per container, beside a mirror. */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void structuresChangedUnderTheirLocksMatchTheirMirrors(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("ShelvesPlain", protocol, nodes, threads, "6", String.valueOf(96 / threads), "59");
    }

    /** ConcurrentHashMaps that threads of every node add their own keys to and remove them from, with no lock. */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void ownKeysOfConcurrentMapsWrittenWithoutLocksAreAllKept(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("ConcurrentKeysPlain", protocol, nodes, threads, "40");
    }

    /** Jobs two collections down (a map of lists, a list of maps), kept across barriers while the collections around them grow and shrink at the end. */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2", "lrc, 3, 2", "sc, 3, 2", "lrc, 4, 1"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void jobsKeptTwoCollectionsDownOutliveChangesAroundThem(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("NestedKeptJobsPlain", protocol, nodes, threads, "4");
    }

    /**
     * Fails under lrc and sc (a documented limit, jdsm-instrument README, Limits: a write after a
     * synchronization through a reference kept from before it to something that has no slot, an
     * object of a class that is not rewritten): a JDK list or map kept in a local and written
     * through after a barrier is neither read- nor write-checked, so writes are lost and reads stale.
     * Write through the holder ({@code two[0].list.set(..)}) instead, or acquire and release it.
     */
    @org.junit.jupiter.api.Disabled("documented limit: a JDK collection kept across a barrier has no slot, so writes through it are not checked")
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void collectionsKeptAcrossBarriersAndWrittenThroughLoseNothing(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("KeptListWritesPlain", protocol, nodes, threads, "3");
    }

    /**
     * Fails under lrc (a limit, README point 6: a ConcurrentHashMap's atomic updates of one key are
     * atomic only inside one JVM; its internal synchronization orders nothing between nodes, so the
     * nodes' merges of one key overwrite each other at the home: 'c0: 82, not 160'); passes under sc,
     * whose write check holds the block. Take a lock around such updates.
     */
    @org.junit.jupiter.api.Disabled("limit: a ConcurrentHashMap's merge of one key is atomic only inside one JVM")
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"lrc, 2, 2", "sc, 2, 2"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void oneKeyOfAConcurrentMapMergedWithoutALockByEveryNodeAddsUp(String protocol, int nodes, int threads) {
        Jobs.runInstrumentedToOk("CommonKeyPlain", protocol, nodes, threads, "40");
    }
}

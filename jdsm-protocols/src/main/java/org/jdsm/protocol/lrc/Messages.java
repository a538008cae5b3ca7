package org.jdsm.protocol.lrc;

import java.util.List;

/** The wire messages of the lazy release protocol. Lists in them are always {@code ArrayList}s (Kryo rebuilds those). */
final class Messages {

    private Messages() {
    }

    /**
     * To a lock's manager: {@code requester} wants lock {@code lock}; {@code vc} is what it knows and,
     * for a block lock, {@code copyHave} what its copy of the block includes (null: no copy).
     */
    record LockRequest(long lock, int requester, int[] vc, int[] copyHave) {
    }

    /** From the manager to the previous requester: hand the lock to {@code requester} after you. */
    record LockForward(long lock, int requester, int[] vc, int[] copyHave) {
    }

    /**
     * The lock itself, with the intervals the new holder has not seen and the granter's clock. For a
     * block lock whose requester's copy is older than the granter's, the granter's copy rides along
     * ({@code content}, which includes {@code contentHave}), saving the fetch.
     */
    record LockGrant(long lock, List<Interval> intervals, int[] vc, Object content, int[] contentHave) {
    }

    /**
     * To a block's home: interval {@code seq} of {@code node} changed the block by {@code diff} (null:
     * no change). {@code base} is what the writer's copy included when it started writing; the home
     * applies the diff only after those, so writes ordered by synchronization land in that order even
     * when the writer got its copy from another node rather than from the home.
     */
    record Diff(long block, int node, int seq, Object diff, int[] base) {
    }

    /**
     * To a block's home: send the block once it includes the intervals in {@code needed}; if
     * {@code subscribe}, also push it at every barrier it changed by ({@link BlockPushes}).
     */
    record FetchRequest(long block, int[] needed, boolean subscribe) {
    }

    /** The block's content and the intervals it includes. */
    record FetchReply(Object content, int[] have) {
    }

    /** From a block's home at barrier entry, to a node that subscribed: the block's content, which includes {@code have}. */
    record Push(long block, Object content, int[] have) {
    }

    /** To a block's home: stop pushing the block to me (the last push went unused). */
    record Unsubscribe(long block) {
    }

    /** To the home of every block in it: several fetches in one message, answered together. */
    record FetchBatch(List<FetchRequest> requests) {
    }

    /** The replies to a {@link FetchBatch}, in its order; each content is a copy taken when its block was ready. */
    record FetchBatchReply(List<FetchReply> replies) {
    }

    /**
     * Round {@code round} of barrier {@code epoch}: the sender's intervals since the last barrier and
     * clock, and the union of the clocks the nodes it has heard from entered the barrier with.
     */
    record BarrierMessage(int epoch, int round, List<Interval> intervals, int[] vc, int[] entered) {
    }

    /** To node 0: my interval log is large, please run a collection round. */
    record GcWanted() {
    }

    /** From node 0: what is your clock? (reply: int[]) */
    record GcQuery() {
    }

    /** From node 0: every node has seen at least {@code seenByAll}; drop those intervals. */
    record GcTrim(int[] seenByAll) {
    }

    static List<Class<?>> classes() {
        return List.of(Interval.class, long[].class, LockRequest.class, LockForward.class, LockGrant.class,
                Diff.class, FetchRequest.class, FetchReply.class, FetchBatch.class, FetchBatchReply.class, Push.class, Unsubscribe.class, BarrierMessage.class, GcWanted.class,
                GcQuery.class, GcTrim.class);
    }
}

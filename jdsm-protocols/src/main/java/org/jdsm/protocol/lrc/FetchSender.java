package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jdsm.SharedObject;
import org.jdsm.protocol.lrc.Messages.FetchBatch;
import org.jdsm.protocol.lrc.Messages.FetchBatchReply;
import org.jdsm.protocol.lrc.Messages.FetchRequest;
import org.jdsm.trans.Trans;

/**
 * Sends the fetches of a range's stale blocks. Small blocks bound for the same home go together in
 * {@link FetchBatch}es of up to {@link #BATCH_ELEMENTS} elements, so a range of them costs each
 * home one request and one reply instead of one of each per block (a node's per-message cost, not
 * the bytes, is what many small fetches pay for). The home copies each block of a batch once it is
 * ready; a block too large to share a batch keeps its own request, whose reply is encoded in place.
 */
final class FetchSender {

    /** Elements per batch at most: a copy of up to 512 KiB of doubles at the home, small next to a message's cost. */
    static final int BATCH_ELEMENTS = 64 * 1024;

    /** A block marked in flight, what its fetch needs the home's copy to include, and whether it subscribes to pushes. */
    record Claim(BlockState st, int[] needed, boolean subscribe) {
    }

    private final Trans trans;

    FetchSender(Trans trans) {
        this.trans = trans;
    }

    /** Sends the fetches of {@code claims}; the result holds each claim's reply (a FetchReply), in order. */
    List<CompletableFuture<Object>> send(List<Claim> claims) {
        List<CompletableFuture<Object>> replies = new ArrayList<>(Collections.nCopies(claims.size(), null));
        Map<Integer, List<Integer>> byHome = new LinkedHashMap<>(); // claim positions per home, in order
        for (int i = 0; i < claims.size(); i++) {
            byHome.computeIfAbsent(claims.get(i).st().home, home -> new ArrayList<>()).add(i);
        }
        byHome.forEach((home, positions) -> {
            int perBatch = blocksPerBatch(claims.get(positions.get(0)).st().object);
            for (int from = 0; from < positions.size(); from += perBatch) {
                sendBatch(home, claims, positions.subList(from, Math.min(positions.size(), from + perBatch)), replies);
            }
        });
        return replies;
    }

    private void sendBatch(int home, List<Claim> claims, List<Integer> positions, List<CompletableFuture<Object>> replies) {
        if (positions.size() == 1) {
            int p = positions.get(0);
            replies.set(p, trans.request(home, request(claims.get(p))));
            return;
        }
        List<FetchRequest> requests = new ArrayList<>(positions.size());
        positions.forEach(p -> requests.add(request(claims.get(p))));
        CompletableFuture<Object> batch = trans.request(home, new FetchBatch(requests));
        for (int i = 0; i < positions.size(); i++) {
            int slot = i;
            replies.set(positions.get(i), batch.thenApply(reply -> ((FetchBatchReply) reply).replies().get(slot)));
        }
    }

    private static FetchRequest request(Claim claim) {
        return new FetchRequest(claim.st().id, claim.needed(), claim.subscribe());
    }

    /** How many blocks of {@code so} one batch holds: 1 (no batch) for blocks of {@link #BATCH_ELEMENTS} or more. */
    static int blocksPerBatch(SharedObject so) {
        long perBlock = Math.max(1, ((long) so.length() + so.blockCount() - 1) / so.blockCount());
        return (int) Math.max(1, BATCH_ELEMENTS / perBlock);
    }
}

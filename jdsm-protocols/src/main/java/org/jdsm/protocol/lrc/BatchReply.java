package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.Arrays;
import org.jdsm.protocol.lrc.Messages.FetchBatchReply;
import org.jdsm.protocol.lrc.Messages.FetchReply;
import org.jdsm.trans.Responder;

/** At the home: the replies of one {@link Messages.FetchBatch}, gathered as its blocks become ready and sent once all are in. */
final class BatchReply {

    private final FetchReply[] replies;
    private final Responder responder;
    private int missing;

    BatchReply(int size, Responder responder) {
        this.replies = new FetchReply[size];
        this.responder = responder;
        this.missing = size;
    }

    /** The reply of the batch's fetch number {@code slot}; the last one sends the batch's reply. */
    void fill(int slot, FetchReply reply) {
        boolean complete;
        synchronized (this) {
            replies[slot] = reply;
            complete = --missing == 0;
        }
        if (complete) {
            responder.reply(new FetchBatchReply(new ArrayList<>(Arrays.asList(replies))));
        }
    }
}

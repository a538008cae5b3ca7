package org.jdsm.launch.cluster;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdsm.runtime.ClientFiles;

/**
 * A server's {@link ClientFiles}: each call becomes a {@link FileRequest} to the client, relayed by
 * the manager, and waits for the {@link FileReply}. Should the link die while waiting, the server
 * ends ({@link ClusterServer}), so a wait never outlives its job.
 */
final class RemoteClientFiles implements ClientFiles {

    private final int rank;
    private final FrameOutput out;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<FileReply>> pending = new ConcurrentHashMap<>();

    RemoteClientFiles(int rank, FrameOutput out) {
        this.rank = rank;
        this.out = out;
    }

    @Override
    public byte[] read(String path) throws IOException {
        return call(false, path, new byte[0]).data();
    }

    @Override
    public void write(String path, byte[] data) throws IOException {
        call(true, path, data);
    }

    /** Hands a reply from the client to the call waiting for it. */
    void complete(FileReply reply) {
        CompletableFuture<FileReply> waiting = pending.remove(reply.id());
        if (waiting != null) {
            waiting.complete(reply);
        }
    }

    private FileReply call(boolean write, String path, byte[] data) throws IOException {
        int id = ids.incrementAndGet();
        CompletableFuture<FileReply> reply = new CompletableFuture<>();
        pending.put(id, reply);
        try {
            out.send(FrameType.FILE_REQUEST, new FileRequest(rank, id, write, path, data).encode());
            FileReply answer = reply.get();
            if (answer.error() != null) {
                throw new IOException(answer.error());
            }
            return answer;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the client", e);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        } finally {
            pending.remove(id);
        }
    }
}

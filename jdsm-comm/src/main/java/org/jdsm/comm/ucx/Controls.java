package org.jdsm.comm.ucx;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Iterator;
import org.jdsm.comm.CommException;

/**
 * The control channels of all peers under one selector, polled without blocking by the progress
 * thread: a channel that ends (or carries anything) before its peer said goodbye marks it failed.
 */
final class Controls implements AutoCloseable {

    private final Selector selector;
    private final UcxMesh mesh;

    Controls(UcxMesh mesh) throws IOException {
        this.mesh = mesh;
        this.selector = Selector.open();
        try {
            for (UcxPeer peer : mesh.peers()) {
                peer.control.channel.register(selector, SelectionKey.OP_READ, peer);
            }
        } catch (IOException | RuntimeException e) {
            selector.close();
            throw e;
        }
    }

    /** Handles what the peers sent; returns how many channels had news. */
    int poll() throws IOException {
        if (selector.selectNow() == 0) {
            return 0;
        }
        int n = 0;
        for (Iterator<SelectionKey> keys = selector.selectedKeys().iterator(); keys.hasNext(); n++) {
            SelectionKey key = keys.next();
            keys.remove();
            read(key, (UcxPeer) key.attachment());
        }
        return n;
    }

    private void read(SelectionKey key, UcxPeer peer) {
        try {
            if (peer.control.ended()) {
                ended(key, peer, new CommException("node " + peer.rank
                        + " closed its control connection without saying goodbye: it died or lost the network"));
            }
        } catch (IOException | CommException e) {
            ended(key, peer, e);
        }
    }

    private void ended(SelectionKey key, UcxPeer peer, Exception cause) {
        key.cancel();
        peer.controlEnded = true;
        mesh.fail(peer, cause); // no-op after its goodbye: then the end is the peer's normal finish
    }

    /** Tells a peer our endpoints are closed (half-close); it may destroy its worker. */
    void finish(UcxPeer peer) {
        try {
            peer.control.finish();
        } catch (IOException e) {
            peer.controlEnded = true; // gone already: nothing to wait for
        }
    }

    @Override
    public void close() {
        try {
            selector.close();
        } catch (IOException e) {
            // closing anyway
        }
        mesh.peers().forEach(peer -> peer.control.close());
    }
}
